import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts';
import { adminActors, auditRows, type AdminActors } from '../../../../tests/support/routes/admin.ts';

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

  it('refuses self-demotion (409), unknown users (404) and non-admins (401/403)', async () => {
    expect((await put(who.admin.user.id, { isAdmin: false })).status).toBe(409);
    expect((await put(who.admin.user.id, { status: 'UserStatusBanned' })).status).toBe(409);
    expect((await put('no-such-user', { isAdmin: true })).status).toBe(404);
    expect((await t.request('/admin/users')).status).toBe(401);
    expect((await put(who.stranger.user.id, { isAdmin: true }, who.stranger.token)).status).toBe(403);
  });
});
