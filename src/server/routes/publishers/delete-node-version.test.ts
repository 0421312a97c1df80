import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publisherScene, type PublisherScene } from '#test/authz/scene.ts';
import { insertNode, insertVersion } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import type { NodeRow, NodeVersionRow } from '../../db/rows.ts';
import { auditLog, nodes, nodeVersions } from '../../db/schema/index.ts';

describe('DELETE /publishers/{publisherId}/nodes/{nodeId}/versions/{versionId}', () => {
  let t: TestApp;
  let s: PublisherScene;
  beforeAll(async () => {
    t = await createTestApp();
    s = await publisherScene(t);
  });
  afterAll(() => t.close());

  const del = (node: NodeRow, version: NodeVersionRow, token?: string) =>
    t.request(`/publishers/${s.publisher.id}/nodes/${node.id}/versions/${version.id}`, {
      method: 'DELETE',
      ...(token ? { token } : {}),
    });
  const nodeRow = async (id: string) => (await t.services.db.select().from(nodes).where(eq(nodes.id, id)))[0]!;

  it('soft-deletes the version, moves latest to the next highest, keeps the number reserved', async () => {
    const node = await insertNode(t.services.db, { publisherId: s.publisher.id });
    const older = await insertVersion(t.services.db, { nodeId: node.id, version: '1.9.0' });
    const newest = await insertVersion(t.services.db, { nodeId: node.id, version: '1.10.0' });
    expect((await nodeRow(node.id)).latestVersionId).toBe(newest.id);

    expect((await del(node, newest, s.owner.token)).status).toBe(204);
    const [row] = await t.services.db.select().from(nodeVersions).where(eq(nodeVersions.id, newest.id));
    expect(row?.status).toBe('NodeVersionStatusDeleted');
    expect((await nodeRow(node.id)).latestVersionId).toBe(older.id);
    await expect(insertVersion(t.services.db, { nodeId: node.id, version: '1.10.0' })).rejects.toThrow();
    expect((await del(node, newest, s.owner.token)).status).toBe(404);
    const [audit] = await t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'version.delete'), eq(auditLog.targetId, newest.id)));
    expect(audit).toMatchObject({ actorUserId: s.owner.user.id });
  });

  it('answers 404 for a version of another node', async () => {
    const mine = await insertNode(t.services.db, { publisherId: s.publisher.id });
    const theirs = await insertNode(t.services.db, { publisherId: s.publisher.id });
    const theirVersion = await insertVersion(t.services.db, { nodeId: theirs.id, version: '1.0.0' });
    expect((await del(mine, theirVersion, s.owner.token)).status).toBe(404);
  });

  it('refuses members, strangers (403) and anonymous (401); admins may; a banned version is admin-only', async () => {
    const node = await insertNode(t.services.db, { publisherId: s.publisher.id });
    const version = await insertVersion(t.services.db, { nodeId: node.id, version: '1.0.0' });
    expect((await del(node, version)).status).toBe(401);
    expect((await del(node, version, s.stranger.token)).status).toBe(403);
    expect((await del(node, version, s.member.token)).status).toBe(403);
    expect((await del(node, version, s.admin.token)).status).toBe(204);
    const banned = await insertVersion(t.services.db, {
      nodeId: node.id,
      version: '2.0.0',
      status: 'NodeVersionStatusBanned',
    });
    const asOwner = await del(node, banned, s.owner.token);
    expect(asOwner.status).toBe(403);
    expect(await asOwner.json()).toMatchObject({ error: 'version_banned' });
    expect((await del(node, banned, s.admin.token)).status).toBe(204);
  });
});
