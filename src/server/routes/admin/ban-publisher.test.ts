import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodes, publishers, users } from '../../db/schema/index.ts';
import { insertNode, insertPublisher, insertUser } from '#test/factories.ts';
import { createTestApp, fixedClock, type TestApp } from '#test/test-app.ts';
import { adminActors, auditRows, type AdminActors } from '#test/routes/admin.ts';

describe('POST /publishers/{publisherId}/ban and /unban', () => {
  let t: TestApp;
  let who: AdminActors;
  // Pinned so the ban's stored time can be checked against the app's clock, not the wall clock.
  const clock = fixedClock();
  beforeAll(async () => {
    t = await createTestApp({ clock });
    who = await adminActors(t);
  });
  afterAll(() => t.close());

  const post = (path: string, token?: string) => t.request(path, { method: 'POST', ...(token ? { token } : {}) });
  const statusOf = async (id: string) =>
    (await t.services.db.select({ s: nodes.status }).from(nodes).where(eq(nodes.id, id)))[0]!.s;

  it('bans the publisher and its active nodes, not its members; unban restores only what the ban took', async () => {
    const db = t.services.db;
    const owner = await insertUser(db);
    const publisher = await insertPublisher(db, { owner });
    const active = await insertNode(db, { publisherId: publisher.id });
    const bannedBefore = await insertNode(db, { publisherId: publisher.id, status: 'NodeStatusBanned' });

    expect((await post(`/publishers/${publisher.id.toUpperCase()}/ban`, who.admin.token)).status).toBe(204);
    const [pub] = await db.select().from(publishers).where(eq(publishers.id, publisher.id));
    expect(pub!.status).toBe('PublisherStatusBanned');
    expect(await statusOf(active.id)).toBe('NodeStatusBanned');
    const [member] = await db.select().from(users).where(eq(users.id, owner.id));
    expect(member!.status).toBe('UserStatusActive');

    expect((await post(`/publishers/${publisher.id}/unban`, who.admin.token)).status).toBe(204);
    expect(await statusOf(active.id)).toBe('NodeStatusActive');
    expect(await statusOf(bannedBefore.id)).toBe('NodeStatusBanned');

    const audit = await auditRows(t, 'publisher', publisher.id);
    expect(audit.map((a) => [a.action, a.after])).toEqual([
      ['publisher.ban', { status: 'PublisherStatusBanned', banReason: null, banned_node_ids: [active.id] }],
      ['publisher.unban', { status: 'PublisherStatusActive', banReason: null, restored_node_ids: [active.id] }],
    ]);
  });

  it('keeps the reason an admin gives in the audit entry', async () => {
    const publisher = await insertPublisher(t.services.db, { owner: await insertUser(t.services.db) });
    const banned = await t.request(`/publishers/${publisher.id}/ban`, {
      method: 'POST',
      token: who.admin.token,
      json: { reason: 'Publishes packs that run remote scripts.' },
    });
    expect(banned.status).toBe(204);
    const [entry] = await auditRows(t, 'publisher', publisher.id);
    expect(entry).toMatchObject({
      action: 'publisher.ban',
      after: { status: 'PublisherStatusBanned', reason: 'Publishes packs that run remote scripts.' },
    });
  });

  it('keeps the reason, the time and the admin with the publisher; unban clears them, undoing it restores them', async () => {
    const db = t.services.db;
    const publisher = await insertPublisher(db, { owner: await insertUser(db) });
    const row = async () => (await db.select().from(publishers).where(eq(publishers.id, publisher.id)))[0]!;
    const ban = await t.request(`/publishers/${publisher.id}/ban`, {
      method: 'POST',
      token: who.admin.token,
      json: { reason: 'Ships a crypto miner.' },
    });
    expect(ban.status).toBe(204);
    const banned = await row();
    expect(banned).toMatchObject({ banReason: 'Ships a crypto miner.', bannedByUserId: who.admin.user.id });
    expect(banned.bannedAt).toEqual(clock.now());
    expect(banned.updatedAt).toEqual(clock.now());

    expect((await post(`/publishers/${publisher.id}/unban`, who.admin.token)).status).toBe(204);
    expect(await row()).toMatchObject({ banReason: null, bannedAt: null, bannedByUserId: null });

    const unban = (await auditRows(t, 'publisher', publisher.id)).at(-1)!;
    expect(unban.action).toBe('publisher.unban');
    const undone = await t.request('/admin/undo', {
      method: 'POST',
      token: who.admin.token,
      json: { entry_ids: [unban.id] },
    });
    expect(undone.status).toBe(200);
    expect(await row()).toMatchObject({ status: 'PublisherStatusBanned', banReason: 'Ships a crypto miner.' });
  });

  it('answers 404 for an unknown publisher', async () => {
    expect((await post('/publishers/no-such-publisher/ban', who.admin.token)).status).toBe(404);
  });

  it('is for admins only', async () => {
    const publisher = await insertPublisher(t.services.db, { owner: who.stranger.user });
    expect((await post(`/publishers/${publisher.id}/ban`)).status).toBe(401);
    expect((await post(`/publishers/${publisher.id}/ban`, who.stranger.token)).status).toBe(403);
    expect((await post(`/publishers/${publisher.id}/unban`, who.stranger.token)).status).toBe(403);
  });
});
