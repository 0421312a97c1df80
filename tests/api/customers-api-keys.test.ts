import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, customerApiKeys } from '../../src/server/db/schema/index.ts';
import { hashToken } from '../../src/server/services/tokens/token-format.ts';
import { ban, createKey, customerAccount, signedInUser } from '#test/fake-vendor-accounts.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

describe('customers: API keys', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('creates a key shown once with a recognisable prefix, stores only its hash', async () => {
    const customer = await customerAccount(t);
    const response = await customer.get('/customers/api-keys', {
      method: 'POST',
      json: { name: 'laptop', description: 'my ComfyUI', extra: 'ignored' },
    });
    expect(response.status).toBe(201);
    const { api_key } = await response.json();
    expect(api_key.plaintext_key).toMatch(/^nyd_ak_[A-Za-z0-9_-]{43}$/);
    expect(api_key).toMatchObject({
      name: 'laptop',
      description: 'my ComfyUI',
      key_prefix: api_key.plaintext_key.slice(0, 11),
    });
    const [row] = await t.services.db.select().from(customerApiKeys).where(eq(customerApiKeys.id, api_key.id));
    expect(row!.keyHash).toBe(hashToken(api_key.plaintext_key));
    expect(JSON.stringify(row)).not.toContain(api_key.plaintext_key);
    const [audit] = await t.services.db.select().from(auditLog).where(eq(auditLog.targetId, api_key.id));
    expect(audit!.action).toBe('customer.api_key.create');
    expect(JSON.stringify(audit)).not.toContain(api_key.plaintext_key);

    const list = await (await customer.get('/customers/api-keys')).json();
    expect(list.api_keys).toHaveLength(1);
    expect(list.api_keys[0]).toMatchObject({ id: api_key.id, key_prefix: api_key.key_prefix });
    expect(list.api_keys[0].plaintext_key).toBeUndefined();
  });

  it('validates the body: a name is required', async () => {
    const customer = await customerAccount(t);
    const response = await customer.get('/customers/api-keys', { method: 'POST', json: { description: 'x' } });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toContain('name');
  });

  it('authenticates with X-API-KEY for reads, until the key is deleted', async () => {
    const customer = await customerAccount(t);
    const { id, key } = await createKey(customer);
    const me = await t.request('/customers/me', { headers: { 'X-API-KEY': key } });
    expect(me.status).toBe(200);
    expect((await me.json()).id).toBe(customer.uid);
    expect((await t.request('/customers/balance', { headers: { 'X-API-KEY': key } })).status).toBe(200);

    expect((await customer.get(`/customers/api-keys/${id}`, { method: 'DELETE' })).status).toBe(204);
    const after = await t.request('/customers/me', { headers: { 'X-API-KEY': key } });
    expect(after.status).toBe(401);
    // A dead key is refused even next to a valid ID token, so it never silently "works".
    const mixed = await t.request('/customers/me', { token: customer.idToken, headers: { 'X-API-KEY': key } });
    expect(mixed.status).toBe(401);
    expect((await (await customer.get('/customers/api-keys')).json()).api_keys).toEqual([]);
    expect((await customer.get(`/customers/api-keys/${id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('rejects forged keys and does not let a key mint or delete keys', async () => {
    const customer = await customerAccount(t);
    const { id, key } = await createKey(customer);
    expect((await t.request('/customers/me', { headers: { 'X-API-KEY': 'nyd_ak_forged' } })).status).toBe(401);
    expect((await t.request('/customers/me', { headers: { 'X-API-KEY': 'garbage' } })).status).toBe(401);
    const mint = await t.request('/customers/api-keys', {
      method: 'POST',
      json: { name: 'more' },
      headers: { 'X-API-KEY': key },
    });
    expect(mint.status).toBe(401);
    const del = await t.request(`/customers/api-keys/${id}`, { method: 'DELETE', headers: { 'X-API-KEY': key } });
    expect(del.status).toBe(401);
  });

  it('never shows or deletes another customer’s keys', async () => {
    const alice = await customerAccount(t, 'Alice');
    const bob = await customerAccount(t, 'Bob');
    const aliceKey = await createKey(alice, 'alice key');
    await createKey(bob, 'bob key');
    const bobsList = await (await bob.get('/customers/api-keys')).json();
    expect(bobsList.api_keys.map((k: { name: string }) => k.name)).toEqual(['bob key']);
    expect((await bob.get(`/customers/api-keys/${aliceKey.id}`, { method: 'DELETE' })).status).toBe(404);
    // Alice's key still works.
    expect((await t.request('/customers/me', { headers: { 'X-API-KEY': aliceKey.key } })).status).toBe(200);
    // Alice's key answers as Alice, never as Bob.
    const viaKey = await (await t.request('/customers/api-keys', { headers: { 'X-API-KEY': aliceKey.key } })).json();
    expect(viaKey.api_keys.map((k: { name: string }) => k.name)).toEqual(['alice key']);
  });

  it('needs a customer record (404) and a non-banned user (403) to create keys', async () => {
    const user = await signedInUser(t);
    expect((await user.get('/customers/api-keys', { method: 'POST', json: { name: 'k' } })).status).toBe(404);
    const customer = await customerAccount(t);
    await ban(t, customer);
    const response = await customer.get('/customers/api-keys', { method: 'POST', json: { name: 'k' } });
    expect(response.status).toBe(403);
    expect(
      (await customer.get('/customers/api-keys/00000000-0000-4000-8000-000000000000', { method: 'DELETE' })).status,
    ).toBe(403);
  });

  it('answers 400 for a malformed key id', async () => {
    const customer = await customerAccount(t);
    expect((await customer.get('/customers/api-keys/not-a-uuid', { method: 'DELETE' })).status).toBe(400);
  });
});
