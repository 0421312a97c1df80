import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertToken } from '#test/factories.ts';
import { publisherScene, type PublisherScene } from '#test/authz/scene.ts';
import { insertPublisher } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { auditLog, personalAccessTokens } from '../../db/schema/index.ts';

describe('DELETE /publishers/{publisherId}/tokens/{tokenId}', () => {
  let t: TestApp;
  let s: PublisherScene;
  beforeAll(async () => {
    t = await createTestApp();
    s = await publisherScene(t);
  });
  afterAll(() => t.close());

  const del = (tokenId: string, token?: string, publisherId = s.publisher.id) =>
    t.request(`/publishers/${publisherId}/tokens/${tokenId}`, { method: 'DELETE', ...(token ? { token } : {}) });
  const exists = async (id: string) =>
    (await t.services.db.select().from(personalAccessTokens).where(eq(personalAccessTokens.id, id))).length === 1;

  it('revokes the token and logs it', async () => {
    const { row } = await insertToken(t.services.db, s.publisher);
    expect((await del(row.id, s.owner.token)).status).toBe(204);
    expect(await exists(row.id)).toBe(false);
    expect((await del(row.id, s.owner.token)).status).toBe(404);
    const [audit] = await t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'token.revoke'), eq(auditLog.targetId, row.id)));
    expect(audit).toMatchObject({ actorUserId: s.owner.user.id });
    expect(JSON.stringify(audit)).not.toContain(row.tokenHash);
  });

  it("answers 404 for another publisher's token, 400 for a malformed id", async () => {
    const other = await insertPublisher(t.services.db, { owner: s.owner.user });
    const { row } = await insertToken(t.services.db, other);
    expect((await del(row.id, s.owner.token)).status).toBe(404);
    expect(await exists(row.id)).toBe(true);
    const malformed = await del('not-a-uuid', s.owner.token);
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).details[0].path).toBe('tokenId');
  });

  it('lets admins revoke; refuses members, strangers (403) and anonymous (401)', async () => {
    const { row } = await insertToken(t.services.db, s.publisher);
    expect((await del(row.id)).status).toBe(401);
    expect((await del(row.id, s.member.token)).status).toBe(403);
    expect((await del(row.id, s.stranger.token)).status).toBe(403);
    expect(await exists(row.id)).toBe(true);
    expect((await del(row.id, s.admin.token)).status).toBe(204);
  });
});
