import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publisherScene, type PublisherScene } from '#test/authz/scene.ts';
import { insertPublisher } from '#test/factories.ts';
import { createTestApp, fixedClock, type TestApp } from '#test/test-app.ts';
import { auditLog, personalAccessTokens } from '../../db/schema/index.ts';
import { hashToken } from '../../services/tokens/token-format.ts';

describe('POST /publishers/{publisherId}/tokens', () => {
  let t: TestApp;
  let s: PublisherScene;
  beforeAll(async () => {
    t = await createTestApp({ clock: fixedClock(new Date('2026-06-01T12:00:00Z')) });
    s = await publisherScene(t);
  });
  afterAll(() => t.close());

  const post = (json: unknown, token?: string, publisherId = s.publisher.id) =>
    t.request(`/publishers/${publisherId}/tokens`, { method: 'POST', json, ...(token ? { token } : {}) });

  it('returns the plaintext once and stores only its hash, prefix and creator', async () => {
    const response = await post({ name: ' ci ', description: 'for CI', expires_in_days: 30 }, s.owner.token);
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({
      name: 'ci',
      description: 'for CI',
      createdAt: '2026-06-01T12:00:00.000Z',
      expiresAt: '2026-07-01T12:00:00.000Z',
      token: expect.stringMatching(/^nyd_pat_[A-Za-z0-9_-]{43}$/),
    });
    const [row] = await t.services.db.select().from(personalAccessTokens).where(eq(personalAccessTokens.id, body.id));
    expect(row).toMatchObject({
      publisherId: s.publisher.id,
      tokenHash: hashToken(body.token),
      displayPrefix: body.token.slice(0, 12),
      createdBy: s.owner.user.id,
    });
    expect(Object.values(row!)).not.toContain(body.token);
    const [audit] = await t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'token.create'), eq(auditLog.targetId, body.id)));
    expect(audit).toMatchObject({ actorUserId: s.owner.user.id, after: { name: 'ci' } });
    expect(JSON.stringify(audit)).not.toContain(body.token);
    expect(JSON.stringify(audit)).not.toContain(row!.tokenHash);
  });

  it('does not expire without expires_in_days', async () => {
    const body = await (await post({ name: 'forever' }, s.owner.token)).json();
    expect(body.expiresAt).toBeUndefined();
  });

  it('validates name and expiry', async () => {
    for (const json of [
      {},
      { name: '' },
      { name: 'x'.repeat(101) },
      { name: 'x', expires_in_days: 0 },
      { name: 'x', expires_in_days: 366 },
    ]) {
      expect((await post(json, s.owner.token)).status).toBe(400);
    }
  });

  it('is for owners only: members, strangers and admins get 403, anonymous 401', async () => {
    expect((await post({ name: 'x' })).status).toBe(401);
    expect((await post({ name: 'x' }, s.member.token)).status).toBe(403);
    expect((await post({ name: 'x' }, s.stranger.token)).status).toBe(403);
    expect((await post({ name: 'x' }, s.admin.token)).status).toBe(403);
    const banned = await insertPublisher(t.services.db, { owner: s.owner.user, status: 'PublisherStatusBanned' });
    const response = await post({ name: 'x' }, s.owner.token, banned.id);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: 'publisher_banned' });
  });
});
