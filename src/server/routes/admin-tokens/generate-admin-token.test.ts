import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type Actor } from '#test/authz/actors.ts';
import { createTestApp, fixedClock, type TestApp } from '#test/test-app.ts';
import { auditLog, users } from '../../db/schema/index.ts';
import { ADMIN_TOKEN_TTL_MS, issueAdminToken } from '../../services/admin-tokens/admin-jwt.ts';

describe('POST /admin/generate-token', () => {
  const clock = fixedClock(new Date('2026-06-01T12:00:00Z'));
  let t: TestApp;
  let admin: Actor;
  let user: Actor;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    admin = await signedIn(t, { admin: true });
    user = await signedIn(t);
  });
  afterAll(() => t.close());

  const generate = async (token?: string) =>
    t.request('/admin/generate-token', { method: 'POST', ...(token ? { token } : {}) });

  it('is for admins only: 401 anonymous, 403 a signed-in non-admin', async () => {
    expect((await generate()).status).toBe(401);
    expect((await generate(user.token)).status).toBe(403);
  });

  it('gives a one-hour token that works as the admin’s bearer token, and audits it', async () => {
    const response = await generate(admin.token);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { token: string; expires_at: string };
    expect(body.expires_at).toBe(new Date(clock.now().getTime() + ADMIN_TOKEN_TTL_MS).toISOString());
    const overview = await t.request('/admin/overview', { token: body.token });
    expect(overview.status).toBe(200);
    const audit = await t.services.db.select().from(auditLog).where(eq(auditLog.action, 'admin_token.generate'));
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0])).not.toContain(body.token);
  });

  it('stops working after the hour, and at once when the person is no longer an admin', async () => {
    const { token } = (await (await generate(admin.token)).json()) as { token: string };
    clock.advance(ADMIN_TOKEN_TTL_MS + 1000);
    expect((await t.request('/admin/overview', { token })).status).toBe(401);

    const fresh = issueAdminToken(t.services.config.signingSecret, admin.user.id, clock.now()).token;
    expect((await t.request('/admin/overview', { token: fresh })).status).toBe(200);
    await t.services.db.update(users).set({ isAdmin: false }).where(eq(users.id, admin.user.id));
    expect((await t.request('/admin/overview', { token: fresh })).status).toBe(401);
  });

  it('rejects a token signed with another secret or tampered with', async () => {
    const forged = issueAdminToken('some-other-secret-0123456789abcdef', user.user.id, clock.now()).token;
    expect((await t.request('/admin/overview', { token: forged })).status).toBe(401);
    await t.services.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.user.id));
    const real = issueAdminToken(t.services.config.signingSecret, admin.user.id, clock.now()).token;
    const [header, , signature] = real.split('.');
    const payload = Buffer.from(
      JSON.stringify({ iss: 'nodeyard', aud: 'nodeyard-admin', sub: user.user.id, exp: 9e9 }),
    ).toString('base64url');
    expect((await t.request('/admin/overview', { token: `${header}.${payload}.${signature}` })).status).toBe(401);
  });
});
