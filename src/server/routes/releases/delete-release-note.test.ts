import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type Actor } from '../../../../tests/support/authz/actors.ts';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts';
import { auditLog } from '../../db/schema/index.ts';

let t: TestApp;
let admin: Actor;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, { admin: true });
});
afterAll(() => t.close());

async function createNote(version: string): Promise<number> {
  const response = await t.request('/admin/releases', {
    method: 'POST',
    token: admin.token,
    json: { project: 'desktop', version, content: 'x' },
  });
  return ((await response.json()) as { id: number }).id;
}
const remove = (id: number | string, token: string | null = admin.token) =>
  t.request(`/admin/releases/${id}`, { method: 'DELETE', ...(token ? { token } : {}) });

describe('DELETE /admin/releases/{releaseId}', () => {
  it('deletes the note (audited); a second delete is a 404', async () => {
    const id = await createNote('1.0.0');
    expect((await remove(id)).status).toBe(204);
    expect(await (await t.request('/releases?project=desktop')).json()).toEqual([]);
    const audits = await t.services.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(id)));
    expect(audits.map((a) => a.action).sort()).toEqual(['release.create', 'release.delete']);
    expect((await remove(id)).status).toBe(404);
  });

  it('answers 400 for a malformed id', async () => {
    expect((await remove('-1')).status).toBe(400);
  });

  it('refuses everyone but an active admin, and keeps the note', async () => {
    const id = await createNote('2.0.0');
    expect((await remove(id, null)).status).toBe(401);
    expect((await remove(id, (await signedIn(t)).token)).status).toBe(403);
    expect((await remove(id, (await signedIn(t, { admin: true, banned: true })).token)).status).toBe(403);
    expect(((await (await t.request('/releases?project=desktop')).json()) as unknown[]).length).toBe(1);
  });
});
