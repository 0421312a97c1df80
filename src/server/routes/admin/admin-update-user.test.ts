import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { signedIn } from '#test/authz/actors.ts';
import { adminActors, auditRows, type AdminActors } from '#test/routes/admin.ts';

describe('GET /admin/users and PUT /admin/users/{userId}', () => {
  let t: TestApp;
  let who: AdminActors;
  beforeAll(async () => {
    t = await createTestApp();
    who = await adminActors(t);
  });
  afterAll(() => t.close());

  const put = (userId: string, json: unknown, token = who.admin.token) =>
    t.request(`/admin/users/${userId}`, { method: 'PUT', token, json });

  it('grants admin (which takes effect at once), revokes it, and audits both', async () => {
    const target = who.stranger;
    const granted = await put(target.user.id, { isAdmin: true });
    expect(granted.status).toBe(200);
    expect(await granted.json()).toMatchObject({ id: target.user.id, isAdmin: true, status: 'UserStatusActive' });
    expect((await t.request('/admin/overview', { token: target.token })).status).toBe(200);
    expect((await put(target.user.id, { isAdmin: false })).status).toBe(200);
    expect((await t.request('/admin/overview', { token: target.token })).status).toBe(403);
    const audit = await auditRows(t, 'user', target.user.id);
    expect(audit.map((a) => [a.action, a.before, a.after])).toEqual([
      ['user.admin_update', { isAdmin: false }, { isAdmin: true }],
      ['user.admin_update', { isAdmin: true }, { isAdmin: false }],
    ]);
  });

  it('finds users by e-mail, lists admins only on request', async () => {
    const email = who.stranger.user.email!;
    const found = await t.request(`/admin/users?search=${encodeURIComponent(email)}`, { token: who.admin.token });
    expect(await found.json()).toMatchObject({ total: 1, users: [{ id: who.stranger.user.id, email }] });
    const admins = await t.request('/admin/users?admins=true', { token: who.admin.token });
    expect(await admins.json()).toMatchObject({ total: 1, users: [{ id: who.admin.user.id }] });
  });

  it('bans with a reason: the account is refused at once, the list shows the reason, undo lifts it', async () => {
    const target = await signedIn(t);
    const banned = await put(target.user.id, { status: 'UserStatusBanned', reason: '  Spams reviews.  ' });
    expect(banned.status).toBe(200);
    expect(await banned.json()).toMatchObject({ status: 'UserStatusBanned', banReason: 'Spams reviews.' });
    const createPublisher = (id: string) =>
      t.request('/publishers', { method: 'POST', token: target.token, json: { id, name: 'Banned Test' } });
    const refused = await createPublisher('banned-test-a');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: 'user_banned' });
    const listed = async () => {
      const page = await t.request(`/admin/users?search=${encodeURIComponent(target.user.email!)}`, {
        token: who.admin.token,
      });
      return ((await page.json()) as { users: { status: string; banReason?: string }[] }).users[0];
    };
    expect(await listed()).toEqual(
      expect.objectContaining({ status: 'UserStatusBanned', banReason: 'Spams reviews.' }),
    );
    const [ban] = await auditRows(t, 'user', target.user.id);
    expect(ban?.after).toEqual({ status: 'UserStatusBanned', banReason: 'Spams reviews.', reason: 'Spams reviews.' });
    const undone = await t.request('/admin/undo', {
      method: 'POST',
      token: who.admin.token,
      json: { entry_ids: [ban!.id] },
    });
    expect(undone.status).toBe(200);
    expect(await listed()).not.toHaveProperty('banReason');
    expect((await listed())?.status).toBe('UserStatusActive');
    expect((await createPublisher('banned-test-b')).status).toBe(201);
  });

  it('refuses self-demotion and self-ban (409), unknown users (404) and non-admins (401/403)', async () => {
    const self = await put(who.admin.user.id, { isAdmin: false });
    expect(self.status).toBe(409);
    expect(await self.json()).toMatchObject({ error: 'self_demotion' });
    const selfBan = await put(who.admin.user.id, { status: 'UserStatusBanned', reason: 'oops' });
    expect(selfBan.status).toBe(409);
    expect(await selfBan.json()).toMatchObject({ error: 'self_ban' });
    expect((await t.request('/users', { token: who.admin.token })).status).toBe(200);
    expect((await put('no-such-user', { isAdmin: true })).status).toBe(404);
    expect((await t.request('/admin/users')).status).toBe(401);
    expect((await put(who.stranger.user.id, { isAdmin: true }, who.stranger.token)).status).toBe(403);
  });
});
