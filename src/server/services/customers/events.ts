import { and, count, desc, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { customerEvents } from '../../db/schema/index.ts';

export type CustomerEventRow = typeof customerEvents.$inferSelect;

/**
 * Event types written by Nodeyard. `filter` on the events routes matches one of these exactly.
 * api_usage = a call through the vendor proxy.
 */
export const CUSTOMER_EVENT_TYPES = [
  'customer_created',
  'api_key_created',
  'api_key_deleted',
  'credit_granted',
  'credit_deducted',
  'api_usage',
] as const;
export type CustomerEventType = (typeof CUSTOMER_EVENT_TYPES)[number];

/** Appends one event. Pass the write's transaction so the event commits with it. */
export async function recordCustomerEvent(
  db: Db,
  customerId: string,
  eventType: CustomerEventType,
  params: Record<string, unknown>,
): Promise<CustomerEventRow> {
  const [row] = await db.insert(customerEvents).values({ customerId, eventType, params }).returning();
  return row!;
}

export interface EventPageQuery {
  page: number;
  limit: number;
  filter?: string | undefined;
  startDate?: Date | undefined;
  endDate?: Date | undefined;
}

/** One page of a customer's events, newest first. */
export async function pageCustomerEvents(
  db: Db,
  customerId: string,
  query: EventPageQuery,
): Promise<{ rows: CustomerEventRow[]; total: number }> {
  const conditions: SQL[] = [eq(customerEvents.customerId, customerId)];
  if (query.filter) conditions.push(eq(customerEvents.eventType, query.filter));
  if (query.startDate) conditions.push(gte(customerEvents.createdAt, query.startDate));
  if (query.endDate) conditions.push(lte(customerEvents.createdAt, query.endDate));
  const where = and(...conditions);
  const [totals] = await db.select({ total: count() }).from(customerEvents).where(where);
  const rows = await db
    .select()
    .from(customerEvents)
    .where(where)
    .orderBy(desc(customerEvents.createdAt), desc(customerEvents.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return { rows, total: Number(totals?.total ?? 0) };
}
