import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAccount, ban, createKey, customerAccount, type Account } from '#test/fake-vendor-accounts.ts';
import { insertServiceToken } from '#test/service-tokens.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

describe('POST /admin/verify-api-key', () => {
  let t: TestApp;
  let service: string;
  let customer: Account;
  let admin: Account;
  let key: { id: string; key: string };

  beforeAll(async () => {
    t = await createTestApp();
    service = (await insertServiceToken(t.services.db, 'cloud')).token;
    customer = await customerAccount(t, 'Key Holder');
    admin = await adminAccount(t);
    key = await createKey(customer);
  });
  afterAll(() => t.close());

  const verify = (apiKey: string, token?: string) =>
    t.request('/admin/verify-api-key', { method: 'POST', json: { api_key: apiKey }, ...(token ? { token } : {}) });

  it('answers who owns a valid key, to a service token or an admin', async () => {
    for (const token of [service, admin.idToken]) {
      const response = await verify(key.key, token);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        valid: true,
        firebase_uid: customer.uid,
        email: customer.email,
        name: 'Key Holder',
        is_admin: false,
      });
    }
  });

  it('needs a service token or an admin: 401 anonymous, 403 the key holder themself', async () => {
    expect((await verify(key.key)).status).toBe(401);
    expect((await verify(key.key, customer.idToken)).status).toBe(403);
  });

  it('answers 404 for an unknown or deleted key, 400 without one', async () => {
    expect((await verify('nyd_ak_not-a-real-key', service)).status).toBe(404);
    const other = await createKey(customer, 'short-lived');
    await customer.get(`/customers/api-keys/${other.id}`, { method: 'DELETE' });
    expect((await verify(other.key, service)).status).toBe(404);
    const missing = await t.request('/admin/verify-api-key', { method: 'POST', token: service, json: {} });
    expect(missing.status).toBe(400);
  });

  it('answers 403 when the key’s account is banned', async () => {
    await ban(t, customer);
    const response = await verify(key.key, service);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: 'user_banned' });
  });
});
