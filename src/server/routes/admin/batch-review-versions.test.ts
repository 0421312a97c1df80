import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeVersions } from '../../db/schema/index.ts';
import { signedIn } from '#test/authz/actors.ts';
import { insertNode, insertPublisher, insertVersion } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { adminActors, type AdminActors } from '#test/routes/admin.ts';

describe('POST /admin/versions/batch and POST /admin/undo', () => {
  let t: TestApp;
  let who: AdminActors;
  beforeAll(async () => {
    t = await createTestApp();
    who = await adminActors(t);
  });
  afterAll(() => t.close());

  async function pendingVersions(count: number) {
    const node = await insertNode(t.services.db, { publisherId: (await insertPublisher(t.services.db)).id });
    const versions = [];
    for (let i = 0; i < count; i++) {
      versions.push(
        await insertVersion(t.services.db, {
          nodeId: node.id,
          version: `1.${i}.0`,
          status: 'NodeVersionStatusFlagged',
        }),
      );
    }
    return { node, versions };
  }
  const statuses = async (ids: string[]) =>
    Promise.all(
      ids.map(
        async (id) => (await t.services.db.select().from(nodeVersions).where(eq(nodeVersions.id, id)))[0]!.status,
      ),
    );
  const post = (path: string, json: unknown, token = who.admin.token) =>
    t.request(path, { method: 'POST', token, json });

  it('approves several versions at once, then undoes the whole batch exactly once', async () => {
    const { node, versions } = await pendingVersions(2);
    const ids = versions.map((v) => v.id);
    const batch = await post('/admin/versions/batch', { action: 'approve', reason: 'ok', version_ids: ids });
    expect(batch.status).toBe(200);
    const { batch_id } = (await batch.json()) as { batch_id: string };
    expect(await statuses(ids)).toEqual(['NodeVersionStatusActive', 'NodeVersionStatusActive']);
    expect((await t.request(`/nodes/${node.id}/install`)).status).toBe(200);

    const undo = await post('/admin/undo', { batch_id });
    expect(undo.status).toBe(200);
    expect(((await undo.json()) as { undone: number[] }).undone).toHaveLength(2);
    expect(await statuses(ids)).toEqual(['NodeVersionStatusFlagged', 'NodeVersionStatusFlagged']);
    expect((await t.request(`/nodes/${node.id}/install`)).status).toBe(404);

    const again = await post('/admin/undo', { batch_id });
    expect(again.status).toBe(409);

    const log = await t.request(`/admin/audit-log?target_id=${ids[0]}`, { token: who.admin.token });
    const entries = ((await log.json()) as { entries: { action: string; undone: boolean }[] }).entries;
    expect(entries.map((e) => [e.action, e.undone])).toEqual([
      ['audit.undo', false],
      ['version.review', true],
    ]);
  });

  it('is all or nothing: one unknown id fails the batch and changes nothing', async () => {
    const { versions } = await pendingVersions(1);
    const response = await post('/admin/versions/batch', {
      action: 'ban',
      reason: 'bad',
      version_ids: [versions[0]!.id, '00000000-0000-4000-8000-000000000000'],
    });
    expect(response.status).toBe(404);
    expect(await statuses([versions[0]!.id])).toEqual(['NodeVersionStatusFlagged']);
  });

  it('undoes only your own entries, and not after the record changed again', async () => {
    const { versions } = await pendingVersions(1);
    const id = versions[0]!.id;
    const { batch_id } = (await (
      await post('/admin/versions/batch', { action: 'ban', reason: 'x', version_ids: [id] })
    ).json()) as { batch_id: string };
    const otherAdmin = await signedIn(t, { admin: true });
    expect((await post('/admin/undo', { batch_id }, otherAdmin.token)).status).toBe(403);
    await post('/admin/versions/batch', { action: 'flag', reason: 'y', version_ids: [id] });
    const stale = await post('/admin/undo', { batch_id });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({ error: 'undo_conflict' });
  });

  it('validates the body and is for admins only', async () => {
    expect((await post('/admin/versions/batch', { action: 'approve', reason: '', version_ids: [] })).status).toBe(400);
    expect((await post('/admin/undo', {})).status).toBe(400);
    const json = { action: 'approve', reason: 'r', version_ids: ['00000000-0000-4000-8000-000000000000'] };
    expect((await t.request('/admin/versions/batch', { method: 'POST', json })).status).toBe(401);
    expect((await post('/admin/versions/batch', json, who.stranger.token)).status).toBe(403);
    expect((await post('/admin/undo', { entry_ids: [1] }, who.stranger.token)).status).toBe(403);
  });
});
