import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertServiceToken } from '#test/service-tokens.ts';
import { insertUser } from '#test/factories.ts';
import { signUp, uniqueEmail } from '#test/firebase-emulator.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { revokeServiceToken } from '../services/service-tokens/service-tokens.ts';
import { requireAdminOrService, requireService } from './service-token.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  // Probe routes added after the real app's middleware, so errors go through the real error renderer.
  t.app.get('/__probe/service', async (c) => c.json({ name: (await requireService(c)).name }));
  t.app.get('/__probe/admin-or-service', async (c) => {
    const who = await requireAdminOrService(c);
    return c.json(
      who.kind === 'admin' ? { kind: who.kind, id: who.user.id } : { kind: who.kind, name: who.service.name },
    );
  });
});
afterAll(() => t.close());

describe('service tokens', () => {
  it('accepts a live service token and names the service', async () => {
    const { token } = await insertServiceToken(t.services.db, 'comfy-ci');
    expect(token).toMatch(/^nyd_svc_[\w-]{43}$/);
    const response = await t.request('/__probe/service', { token });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ name: 'comfy-ci' });
  });

  it('answers 401 without a token and 403 for an unknown, revoked or non-service token', async () => {
    expect((await t.request('/__probe/service')).status).toBe(401);
    expect((await t.request('/__probe/service', { token: 'nyd_svc_nope' })).status).toBe(403);
    const { token } = await insertServiceToken(t.services.db, 'to-revoke');
    expect(await revokeServiceToken(t.services.db, 'to-revoke', new Date())).toBe(true);
    expect((await t.request('/__probe/service', { token })).status).toBe(403);
    const user = await signUp({ email: uniqueEmail() });
    expect((await t.request('/__probe/service', { token: user.idToken })).status).toBe(403);
  });

  it('requireAdminOrService lets a service or an admin through, and nobody else', async () => {
    const { token } = await insertServiceToken(t.services.db, 'scanner');
    expect(await (await t.request('/__probe/admin-or-service', { token })).json()).toEqual({
      kind: 'service',
      name: 'scanner',
    });
    const stranger = await signUp({ email: uniqueEmail() });
    expect((await t.request('/__probe/admin-or-service', { token: stranger.idToken })).status).toBe(403);
    expect((await t.request('/__probe/admin-or-service')).status).toBe(401);
    const admin = await signUp({ email: uniqueEmail(), emailVerified: true });
    await insertUser(t.services.db, { id: admin.uid, email: admin.email, isAdmin: true });
    const response = await t.request('/__probe/admin-or-service', { token: admin.idToken });
    expect(await response.json()).toEqual({ kind: 'admin', id: admin.uid });
  });
});
