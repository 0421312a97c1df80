import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedIn } from '#test/authz/actors.ts';
import { auditLog } from '../../db/schema/index.ts';
import { createNote as createReleaseNote, useReleaseFixture } from '#test/routes/releases.ts';

const f = useReleaseFixture();
const createNote = (version: string) => createReleaseNote(f, { project: 'desktop', version, content: 'x' });
const remove = (id: number | string, token: string | null = f.admin.token) =>
  f.t.request(`/admin/releases/${id}`, { method: 'DELETE', ...(token ? { token } : {}) });

describe('DELETE /admin/releases/{releaseId}', () => {
  it('deletes the note (audited); a second delete is a 404', async () => {
    const id = await createNote('1.0.0');
    expect((await remove(id)).status).toBe(204);
    expect(await (await f.t.request('/releases?project=desktop')).json()).toEqual([]);
    const audits = await f.t.services.db
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
    expect((await remove(id, (await signedIn(f.t)).token)).status).toBe(403);
    expect((await remove(id, (await signedIn(f.t, { admin: true, banned: true })).token)).status).toBe(403);
    expect(((await (await f.t.request('/releases?project=desktop')).json()) as unknown[]).length).toBe(1);
  });
});
