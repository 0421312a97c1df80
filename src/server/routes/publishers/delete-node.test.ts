import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publisherScene, type PublisherScene } from '#test/authz/scene.ts';
import { insertNode, insertPublisher, insertVersion } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { auditLog, nodes } from '../../db/schema/index.ts';

describe('DELETE /publishers/{publisherId}/nodes/{nodeId}', () => {
  let t: TestApp;
  let s: PublisherScene;
  beforeAll(async () => {
    t = await createTestApp();
    s = await publisherScene(t);
  });
  afterAll(() => t.close());

  const del = (nodeId: string, token?: string, publisherId = s.publisher.id) =>
    t.request(`/publishers/${publisherId}/nodes/${nodeId}`, { method: 'DELETE', ...(token ? { token } : {}) });

  it('really soft-deletes the node (with versions), keeps its id reserved, and logs it', async () => {
    const node = await insertNode(t.services.db, { publisherId: s.publisher.id });
    await insertVersion(t.services.db, { nodeId: node.id, version: '1.0.0' });
    expect((await del(node.id, s.owner.token)).status).toBe(204);
    const [row] = await t.services.db.select().from(nodes).where(eq(nodes.id, node.id));
    expect(row?.status).toBe('NodeStatusDeleted');
    expect((await del(node.id, s.owner.token)).status).toBe(404);
    const recreate = await t.request(`/publishers/${s.publisher.id}/nodes`, {
      method: 'POST',
      token: s.owner.token,
      json: { id: node.id.toUpperCase() },
    });
    expect(recreate.status).toBe(400);
    const [audit] = await t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'node.delete'), eq(auditLog.targetId, node.id)));
    expect(audit).toMatchObject({ actorUserId: s.owner.user.id, after: { status: 'NodeStatusDeleted' } });
  });

  it('lets admins delete; refuses members and strangers (403) and anonymous (401)', async () => {
    const node = await insertNode(t.services.db, { publisherId: s.publisher.id });
    expect((await del(node.id)).status).toBe(401);
    expect((await del(node.id, s.stranger.token)).status).toBe(403);
    const asMember = await del(node.id, s.member.token);
    expect(asMember.status).toBe(403);
    expect(await asMember.json()).toMatchObject({ error: 'owner_required' });
    expect((await del(node.id, s.admin.token)).status).toBe(204);
  });

  it("answers 404 for another publisher's node, even to its own owner through this path", async () => {
    const other = await insertPublisher(t.services.db, { owner: s.owner.user });
    const node = await insertNode(t.services.db, { publisherId: other.id });
    expect((await del(node.id, s.owner.token)).status).toBe(404);
    const [row] = await t.services.db.select().from(nodes).where(eq(nodes.id, node.id));
    expect(row?.status).toBe('NodeStatusActive');
  });
});
