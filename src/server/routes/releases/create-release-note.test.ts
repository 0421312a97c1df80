import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type Actor } from '#test/authz/actors.ts';
import { insertServiceToken } from '#test/service-tokens.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { auditLog } from '../../db/schema/index.ts';

let t: TestApp;
let admin: Actor;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, { admin: true });
});
afterAll(() => t.close());

const create = (json: unknown, token: string | null = admin.token) =>
  t.request('/admin/releases', { method: 'POST', json, ...(token ? { token } : {}) });

describe('POST /admin/releases', () => {
  it('creates a note (canonical version, defaults), audited, and GET /releases serves it', async () => {
    const response = await create({ project: 'comfyui_frontend', version: 'v1.2', content: '## New\n\n- thing' });
    expect(response.status).toBe(201);
    const note = (await response.json()) as { id: number; published_at: string };
    expect(note).toMatchObject({
      project: 'comfyui_frontend',
      version: '1.2.0',
      attention: 'low',
      locale: 'en',
      content: '## New\n\n- thing',
    });
    expect(Date.parse(note.published_at)).toBeLessThanOrEqual(Date.now());
    const [audit] = await t.services.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(note.id)));
    expect(audit).toMatchObject({ action: 'release.create', targetType: 'release_note', actorUserId: admin.user.id });
    const listed = (await (await t.request('/releases?project=comfyui_frontend')).json()) as { id: number }[];
    expect(listed.map((n) => n.id)).toEqual([note.id]);
  });

  it('answers 409 for a second note of the same project, version and locale (another locale is fine)', async () => {
    const body = { project: 'cloud', version: '2.0.0', content: 'x' };
    expect((await create(body)).status).toBe(201);
    const again = await create({ ...body, version: 'v2.0' });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: 'release_exists' });
    expect((await create({ ...body, locale: 'ja' })).status).toBe(201);
  });

  it('answers 400 listing every problem', async () => {
    const response = await create({
      project: 'blender',
      version: 'latest',
      content: ' ',
      attention: 'urgent',
      locale: 'ar',
    });
    expect(response.status).toBe(400);
    const { details } = (await response.json()) as { details: { path: string }[] };
    expect(details.map((d) => d.path).sort()).toEqual(['attention', 'content', 'locale', 'project', 'version']);
  });

  it('refuses everyone but an active admin', async () => {
    const body = { project: 'desktop', version: '9.9.9', content: 'x' };
    expect((await create(body, null)).status).toBe(401);
    expect((await create(body, 'forged')).status).toBe(401);
    expect((await create(body, (await signedIn(t)).token)).status).toBe(403);
    expect((await create(body, (await signedIn(t, { admin: true, banned: true })).token)).status).toBe(403);
    // A service token is machine access to CI uploads, not an admin.
    expect((await create(body, (await insertServiceToken(t.services.db)).token)).status).toBe(401);
    expect(await (await t.request('/releases?project=desktop')).json()).toEqual([]);
  });
});
