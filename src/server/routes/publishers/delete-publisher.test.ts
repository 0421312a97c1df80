import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertToken } from '#test/factories.ts';
import { publisherScene } from '#test/authz/scene.ts';
import { insertNode, insertVersion } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { auditLog, nodes, personalAccessTokens, publisherPermissions, publishers } from '../../db/schema/index.ts';
import { UNCLAIMED_PUBLISHER_ID } from '../../services/publishers/unclaimed.ts';

describe('DELETE /publishers/{publisherId}', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const del = (id: string, token?: string) =>
    t.request(`/publishers/${id}`, { method: 'DELETE', ...(token ? { token } : {}) });

  it('deletes the publisher with its tokens and permissions, and logs it', async () => {
    const s = await publisherScene(t);
    const { row: token } = await insertToken(t.services.db, s.publisher);
    const response = await del(s.publisher.id, s.owner.token);
    expect(response.status).toBe(204);
    const db = t.services.db;
    expect(await db.select().from(publishers).where(eq(publishers.id, s.publisher.id))).toEqual([]);
    expect(await db.select().from(personalAccessTokens).where(eq(personalAccessTokens.id, token.id))).toEqual([]);
    expect(
      await db.select().from(publisherPermissions).where(eq(publisherPermissions.publisherId, s.publisher.id)),
    ).toEqual([]);
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'publisher.delete'), eq(auditLog.targetId, s.publisher.id)));
    expect(audit).toMatchObject({ actorUserId: s.owner.user.id });
    expect(JSON.stringify(audit)).not.toContain(token.tokenHash);
  });

  it('answers 409 while live nodes remain, and changes nothing', async () => {
    const s = await publisherScene(t);
    const node = await insertNode(t.services.db, { publisherId: s.publisher.id });
    await insertVersion(t.services.db, { nodeId: node.id, version: '1.0.0' });
    const response = await del(s.publisher.id, s.owner.token);
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({
      error: 'publisher_has_nodes',
      message: expect.stringMatching(/Delete its nodes first, then the publisher\./),
    });
    expect(await t.services.db.select().from(publishers).where(eq(publishers.id, s.publisher.id))).toHaveLength(1);
  });

  it('moves soft-deleted nodes to the unclaimed placeholder so their ids stay reserved', async () => {
    const s = await publisherScene(t);
    const node = await insertNode(t.services.db, { publisherId: s.publisher.id, status: 'NodeStatusDeleted' });
    expect((await del(s.publisher.id, s.admin.token)).status).toBe(204);
    const [moved] = await t.services.db.select().from(nodes).where(eq(nodes.id, node.id));
    expect(moved).toMatchObject({ publisherId: UNCLAIMED_PUBLISHER_ID, status: 'NodeStatusDeleted' });
  });

  it('refuses anonymous (401), strangers and members (403), and the placeholder itself', async () => {
    const s = await publisherScene(t);
    expect((await del(s.publisher.id)).status).toBe(401);
    expect((await del(s.publisher.id, s.stranger.token)).status).toBe(403);
    expect((await del(s.publisher.id, s.member.token)).status).toBe(403);
    expect((await del('no-such-publisher', s.owner.token)).status).toBe(404);
    expect((await del(UNCLAIMED_PUBLISHER_ID, s.admin.token)).status).toBe(403);
  });
});
