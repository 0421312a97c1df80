import { and, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/rows.ts';
import { creditLedger, customers, users } from '../../db/schema/index.ts';
import { containsPattern } from '../shared/text-match.ts';
import type { CustomerRow } from './customer-store.ts';

export interface CustomerBundle {
  customer: CustomerRow;
  user: UserRow;
  balanceMicros: number;
}

export interface CustomerSearch {
  email?: string | undefined;
  name?: string | undefined;
  page: number;
  limit: number;
}

/** Balances of several customers in one query. */
async function balancesOf(db: Db, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: creditLedger.customerId, total: sql<string>`sum(${creditLedger.amountMicros})` })
    .from(creditLedger)
    .where(inArray(creditLedger.customerId, ids))
    .groupBy(creditLedger.customerId);
  return new Map(rows.map((row) => [row.id, Number(row.total)]));
}

/** Admin search: case-insensitive substring match on e-mail and/or name, newest customers first. */
export async function searchCustomers(
  db: Db,
  query: CustomerSearch,
): Promise<{ bundles: CustomerBundle[]; total: number }> {
  const conditions: SQL[] = [];
  if (query.email) conditions.push(ilike(users.email, containsPattern(query.email)));
  if (query.name) conditions.push(ilike(users.name, containsPattern(query.name)));
  const where = conditions.length ? and(...conditions) : undefined;
  const [totals] = await db
    .select({ total: count() })
    .from(customers)
    .innerJoin(users, eq(users.id, customers.id))
    .where(where);
  const rows = await db
    .select({ customer: customers, user: users })
    .from(customers)
    .innerJoin(users, eq(users.id, customers.id))
    .where(where)
    .orderBy(desc(customers.createdAt), desc(customers.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const balances = await balancesOf(
    db,
    rows.map((row) => row.customer.id),
  );
  return {
    bundles: rows.map((row) => ({ ...row, balanceMicros: balances.get(row.customer.id) ?? 0 })),
    total: Number(totals?.total ?? 0),
  };
}

/** One customer with its user and balance, or null. */
export async function loadCustomerBundle(db: Db, id: string): Promise<CustomerBundle | null> {
  const [row] = await db
    .select({ customer: customers, user: users })
    .from(customers)
    .innerJoin(users, eq(users.id, customers.id))
    .where(eq(customers.id, id));
  if (!row) return null;
  const balances = await balancesOf(db, [id]);
  return { ...row, balanceMicros: balances.get(id) ?? 0 };
}
