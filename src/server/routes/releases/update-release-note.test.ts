import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedIn } from '#test/authz/actors.ts';
import { auditLog } from '../../db/schema/index.ts';
import { createNote as createReleaseNote, useReleaseFixture } from '#test/routes/releases.ts';

const f = useReleaseFixture();
const createNote = (version: string) =>
  createReleaseNote(f, { project: 'comfyui', version, content: `notes ${version}` });
const update = (id: number | string, json: unknown, token: string | null = f.admin.token) =>
  f.t.request(`/admin/releases/${id}`, { method: 'PUT', json, ...(token ? { token } : {}) });

describe('PUT /admin/releases/{releaseId}', () => {
  it('changes only the fields sent, and records before and after', async () => {
    const id = await createNote('1.0.0');
    const response = await update(id, { content: 'Better notes', attention: 'medium', form_factors: ['desktop-mac'] });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      id,
      version: '1.0.0',
      content: 'Better notes',
      attention: 'medium',
      form_factors: ['desktop-mac'],
    });
    const audits = await f.t.services.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(id)));
    const entry = audits.find((a) => a.action === 'release.update');
    expect(entry?.before).toMatchObject({ content: 'notes 1.0.0' });
    expect(entry?.after).toMatchObject({ content: 'Better notes' });
  });

  it('answers 409 when the new version collides with another note, 404 for an unknown id', async () => {
    const id = await createNote('1.1.0');
    await createNote('1.2.0');
    const collide = await update(id, { version: '1.2' });
    expect(collide.status).toBe(409);
    expect(await collide.json()).toMatchObject({ error: 'release_exists' });
    expect((await update(999_999, { content: 'x' })).status).toBe(404);
  });

  it('answers 400 for a bad id or body', async () => {
    const id = await createNote('1.3.0');
    expect((await update('abc', { content: 'x' })).status).toBe(400);
    expect((await update(id, { version: 'next', published_at: 'tomorrow' })).status).toBe(400);
  });

  it('refuses everyone but an active admin', async () => {
    const id = await createNote('1.4.0');
    expect((await update(id, { content: 'x' }, null)).status).toBe(401);
    expect((await update(id, { content: 'x' }, (await signedIn(f.t)).token)).status).toBe(403);
    expect(
      (await update(id, { content: 'x' }, (await signedIn(f.t, { admin: true, banned: true })).token)).status,
    ).toBe(403);
  });
});
