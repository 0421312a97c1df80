import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, creditLedger } from '../../src/server/db/schema/index.ts';
import { adminAccount, ban, createKey, customerAccount, signedInUser } from '#test/fake-vendor-accounts.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

describe('customers: admin routes and credit adjustments', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const grant = (token: string, customerId: string, json: unknown) =>
    t.request(`/admin/customers/${customerId}/credits`, { method: 'POST', token, json });

  it('grants and deducts credits with a reason, audited, as a ledger', async () => {
    const admin = await adminAccount(t);
    const customer = await customerAccount(t, 'Paying');
    const granted = await grant(admin.idToken, customer.uid, { amount_micros: 5_000_000, reason: 'welcome credit' });
    expect(granted.status).toBe(201);
    expect(await granted.json()).toMatchObject({
      entry: { amount_micros: 5_000_000, kind: 'grant', reason: 'welcome credit', balance_after_micros: 5_000_000 },
      balance: { amount_micros: 5_000_000, currency: 'usd' },
    });
    const deducted = await grant(admin.idToken, customer.uid, { amount_micros: -1_250_000, reason: 'refund reversal' });
    expect(deducted.status).toBe(201);
    expect((await deducted.json()).balance.amount_micros).toBe(3_750_000);

    expect(await (await customer.get('/customers/balance')).json()).toMatchObject({ amount_micros: 3_750_000 });
    expect((await (await customer.get('/customers/me')).json()).has_fund).toBe(true);
    const events = await (await customer.get('/customers/events?filter=credit_granted')).json();
    expect(events.events[0].params).toMatchObject({ amount_micros: 5_000_000, reason: 'welcome credit' });

    const ledger = await t.services.db.select().from(creditLedger).where(eq(creditLedger.customerId, customer.uid));
    expect(ledger.map((row) => row.amountMicros)).toEqual([5_000_000, -1_250_000]);
    expect(ledger.every((row) => row.actorUserId === admin.uid)).toBe(true);
    const audits = await t.services.db.select().from(auditLog).where(eq(auditLog.targetId, customer.uid));
    expect(audits.map((row) => row.action).sort()).toEqual([
      'customer.create',
      'customer.credit.deduct',
      'customer.credit.grant',
    ]);
    const deduct = audits.find((row) => row.action === 'customer.credit.deduct')!;
    expect(deduct.before).toEqual({ balance_micros: 5_000_000 });
    expect(deduct.after).toMatchObject({ balance_micros: 3_750_000, reason: 'refund reversal' });
  });

  it('refuses a deduction below zero (409), zero/fractional amounts and a missing reason (400)', async () => {
    const admin = await adminAccount(t);
    const customer = await customerAccount(t);
    const over = await grant(admin.idToken, customer.uid, { amount_micros: -1, reason: 'oops' });
    expect(over.status).toBe(409);
    expect(await over.json()).toMatchObject({ error: 'insufficient_balance' });
    expect((await grant(admin.idToken, customer.uid, { amount_micros: 0, reason: 'x' })).status).toBe(400);
    expect((await grant(admin.idToken, customer.uid, { amount_micros: 1.5, reason: 'x' })).status).toBe(400);
    expect((await grant(admin.idToken, customer.uid, { amount_micros: '100', reason: 'x' })).status).toBe(400);
    expect((await grant(admin.idToken, customer.uid, { amount_micros: 1e13, reason: 'x' })).status).toBe(400);
    const noReason = await grant(admin.idToken, customer.uid, { amount_micros: 10 });
    expect(noReason.status).toBe(400);
    expect((await noReason.json()).message).toContain('reason');
    expect((await grant(admin.idToken, 'no-such-customer', { amount_micros: 10, reason: 'x' })).status).toBe(404);
  });

  it('searches customers by e-mail or name, with balances, paginated', async () => {
    const admin = await adminAccount(t);
    const target = await customerAccount(t, 'Zebediah Unique');
    await grant(admin.idToken, target.uid, { amount_micros: 42, reason: 'test' });
    const byName = await (await admin.get('/customers?name=zebediah')).json();
    expect(byName.total).toBe(1);
    expect(byName.customers[0]).toMatchObject({ id: target.uid, name: 'Zebediah Unique', balance_micros: 42 });
    const byEmail = await (
      await admin.get(`/customers?email=${encodeURIComponent(target.email.toUpperCase())}`)
    ).json();
    expect(byEmail.customers.map((c: { id: string }) => c.id)).toEqual([target.uid]);
    const wildcard = await (await admin.get('/customers?name=%25')).json();
    expect(wildcard.total).toBe(0);
    const paged = await (await admin.get('/customers?limit=1&page=2')).json();
    expect(paged).toMatchObject({ page: 2, limit: 1 });
    expect(paged.customers).toHaveLength(1);
    expect(paged.totalPages).toBe(paged.total);

    const one = await admin.get(`/customers/${target.uid}`);
    expect(one.status).toBe(200);
    expect((await one.json()).customer).toMatchObject({ id: target.uid, cloud_subscription_is_active: false });
    expect(await (await admin.get(`/customers/${target.uid}/balance`)).json()).toMatchObject({ amount_micros: 42 });
    expect(await (await admin.get(`/admin/customers/${target.uid}/balance`)).json()).toMatchObject({
      amount_micros: 42,
    });
    const events = await (await admin.get(`/customers/${target.uid}/events`)).json();
    expect(events.events.map((e: { event_type: string }) => e.event_type)).toContain('credit_granted');
    expect((await admin.get('/customers/nobody-here')).status).toBe(404);
    expect((await admin.get('/admin/customers/nobody-here/balance')).status).toBe(404);
  });

  it('keeps customers out of each other’s records, and non-admins out of admin routes', async () => {
    const alice = await customerAccount(t, 'Alice');
    const bob = await customerAccount(t, 'Bob');
    const bobKey = await createKey(bob);
    for (const path of [
      `/customers/${alice.uid}`,
      `/customers/${alice.uid}/balance`,
      `/customers/${alice.uid}/events`,
    ]) {
      expect((await bob.get(path)).status, path).toBe(403);
      expect((await t.request(path, { headers: { 'X-API-KEY': bobKey.key } })).status, path).toBe(401);
      expect((await t.request(path)).status, path).toBe(401);
    }
    // Their own record by id is fine.
    expect((await alice.get(`/customers/${alice.uid}/balance`)).status).toBe(200);
    expect((await bob.get('/customers')).status).toBe(403);
    expect((await bob.get(`/admin/customers/${alice.uid}/balance`)).status).toBe(403);
    const selfGrant = await grant(bob.idToken, bob.uid, { amount_micros: 1_000_000, reason: 'free money' });
    expect(selfGrant.status).toBe(403);
    expect(await (await bob.get('/customers/balance')).json()).toMatchObject({ amount_micros: 0 });
    // An admin's API key does not make its holder an admin.
    const admin = await adminAccount(t);
    await admin.get('/customers', { method: 'POST' });
    const adminKey = await createKey(admin);
    const viaKey = await t.request('/customers', { headers: { 'X-API-KEY': adminKey.key } });
    expect(viaKey.status).toBe(401);
  });

  it('refuses banned admins and anonymous callers', async () => {
    const admin = await adminAccount(t);
    const customer = await customerAccount(t);
    expect((await t.request('/customers')).status).toBe(401);
    expect(
      (
        await t.request(`/admin/customers/${customer.uid}/credits`, {
          method: 'POST',
          json: { amount_micros: 1, reason: 'x' },
        })
      ).status,
    ).toBe(401);
    await ban(t, admin);
    expect((await grant(admin.idToken, customer.uid, { amount_micros: 1, reason: 'x' })).status).toBe(403);
    expect((await admin.get('/customers')).status).toBe(403);
    const stranger = await signedInUser(t);
    expect((await stranger.get(`/customers/${customer.uid}`)).status).toBe(403);
  });
});
