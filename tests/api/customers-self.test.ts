import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, customers } from '../../src/server/db/schema/index.ts';
import { ban, customerAccount, signedInUser } from '#test/fake-vendor-accounts.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

describe('customers: the caller’s own record, balance and events', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 401 without credentials, on every self route', async () => {
    for (const path of ['/customers/me', '/customers/balance', '/customers/events', '/customers/api-keys']) {
      const response = await t.request(path);
      expect(response.status, path).toBe(401);
      expect(await response.json()).toMatchObject({ error: 'unauthorized' });
    }
    expect((await t.request('/customers', { method: 'POST' })).status).toBe(401);
  });

  it('answers 404 before the customer exists (clients read it as "no customer")', async () => {
    const user = await signedInUser(t);
    expect((await user.get('/customers/me')).status).toBe(404);
    const balance = await user.get('/customers/balance');
    expect(balance.status).toBe(404);
    expect(await balance.json()).toMatchObject({
      error: 'not_found',
      message: expect.stringContaining('POST /customers'),
    });
  });

  it('creates the customer once (201), then answers 200 with the same record, audited once', async () => {
    const user = await signedInUser(t, 'Grace');
    const first = await user.get('/customers', { method: 'POST' });
    expect(first.status).toBe(201);
    const created = await first.json();
    expect(created).toMatchObject({ id: user.uid, email: user.email, name: 'Grace', is_admin: false, has_fund: false });
    expect(Date.parse(created.createdAt)).not.toBeNaN();
    const second = await user.get('/customers', { method: 'POST' });
    expect(second.status).toBe(200);
    expect((await second.json()).id).toBe(user.uid);
    const rows = await t.services.db.select().from(customers).where(eq(customers.id, user.uid));
    expect(rows).toHaveLength(1);
    const audits = await t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'customer.create'), eq(auditLog.targetId, user.uid)));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.actorUserId).toBe(user.uid);
  });

  it('starts at a zero balance in integer micros', async () => {
    const customer = await customerAccount(t);
    const response = await customer.get('/customers/balance');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      amount_micros: 0,
      prepaid_balance_micros: 0,
      cloud_credit_balance_micros: 0,
      currency: 'usd',
    });
    expect((await customer.get('/customers/me')).status).toBe(200);
  });

  it('lists events newest first, paginated, filterable by type', async () => {
    const customer = await customerAccount(t);
    for (const name of ['a', 'b', 'c']) {
      await customer.get('/customers/api-keys', { method: 'POST', json: { name } });
    }
    const all = await (await customer.get('/customers/events')).json();
    expect(all).toMatchObject({ total: 4, page: 1, limit: 10, totalPages: 1 });
    expect(all.events.map((e: { event_type: string }) => e.event_type)).toEqual([
      'api_key_created',
      'api_key_created',
      'api_key_created',
      'customer_created',
    ]);
    expect(all.events[0]).toMatchObject({ event_id: expect.any(String), params: { name: 'c' } });
    const page2 = await (await customer.get('/customers/events?limit=3&page=2')).json();
    expect(page2).toMatchObject({ total: 4, page: 2, limit: 3, totalPages: 2 });
    expect(page2.events.map((e: { event_type: string }) => e.event_type)).toEqual(['customer_created']);
    const filtered = await (await customer.get('/customers/events?filter=customer_created')).json();
    expect(filtered.total).toBe(1);
    const future = await (await customer.get('/customers/events?start_date=2999-01-01T00:00:00Z')).json();
    expect(future.total).toBe(0);
    expect((await customer.get('/customers/events?limit=ten')).status).toBe(400);
    expect((await customer.get('/customers/events?start_date=yesterday')).status).toBe(400);
  });

  it('lets a banned user read their account but not create one', async () => {
    const customer = await customerAccount(t);
    const stranger = await signedInUser(t);
    await ban(t, customer);
    await ban(t, stranger);
    expect((await customer.get('/customers/balance')).status).toBe(200);
    const create = await stranger.get('/customers', { method: 'POST' });
    expect(create.status).toBe(403);
    expect(await create.json()).toMatchObject({ error: 'user_banned' });
  });
});
