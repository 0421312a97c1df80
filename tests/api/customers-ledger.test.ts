import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLedger } from '../../src/server/db/schema/index.ts';
import { adminAccount, customerAccount, type Account } from '#test/fake-vendor-accounts.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// Parallel adjustments through the real app. On PostgreSQL (server-postgres project) these run on
// separate pooled connections, so without the row lock they would read the same balance and lose
// updates or overdraw.
describe('credit ledger under concurrency', () => {
  let t: TestApp;
  let admin: Account;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminAccount(t);
  });
  afterAll(() => t.close());

  const adjust = (customerId: string, amount: number) =>
    t.request(`/admin/customers/${customerId}/credits`, {
      method: 'POST',
      token: admin.idToken,
      json: { amount_micros: amount, reason: 'concurrency test' },
    });

  async function ledgerOf(customerId: string) {
    const rows = await t.services.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.customerId, customerId))
      .orderBy(creditLedger.id);
    const [sum] = await t.services.db
      .select({ total: sql<string>`sum(${creditLedger.amountMicros})` })
      .from(creditLedger)
      .where(eq(creditLedger.customerId, customerId));
    return { rows, sum: Number(sum!.total) };
  }

  it('never loses a concurrent grant', async () => {
    const customer = await customerAccount(t);
    const responses = await Promise.all(Array.from({ length: 20 }, () => adjust(customer.uid, 7)));
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(201));
    const balance = await (await customer.get('/customers/balance')).json();
    expect(balance.amount_micros).toBe(140);
    const { rows, sum } = await ledgerOf(customer.uid);
    expect(rows).toHaveLength(20);
    expect(sum).toBe(140);
    // Each entry saw the one before it: the running balances are exactly 7, 14, …, 140.
    expect(rows.map((row) => row.balanceAfterMicros)).toEqual(Array.from({ length: 20 }, (_, i) => 7 * (i + 1)));
  });

  it('never overdraws under concurrent deductions', async () => {
    const customer = await customerAccount(t);
    expect((await adjust(customer.uid, 1000)).status).toBe(201);
    const responses = await Promise.all(Array.from({ length: 10 }, () => adjust(customer.uid, -300)));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([...Array(3).fill(201), ...Array(7).fill(409)]);
    const balance = await (await customer.get('/customers/balance')).json();
    expect(balance.amount_micros).toBe(100);
    const { rows, sum } = await ledgerOf(customer.uid);
    expect(sum).toBe(100);
    expect(rows.map((row) => row.balanceAfterMicros)).toEqual([1000, 700, 400, 100]);
  });
});
