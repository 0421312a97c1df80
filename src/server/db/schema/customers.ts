import { bigint, bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { users } from './users.ts';

/**
 * A user who may spend credits (API nodes, vendor proxies). The id is the user's id (the Firebase
 * uid), as the contract's Customer.id is. The row is also the lock that serialises balance changes:
 * every ledger write first takes `SELECT … FOR UPDATE` on it.
 */
export const customers = pgTable('customers', {
  id: text('id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  ...timestamps,
});

/**
 * Append-only credit ledger in integer micros (1/1,000,000 of a dollar). The balance is the sum of
 * a customer's rows; nothing is ever updated or deleted. `amount_micros` is signed: grants are
 * positive, deductions and charges negative.
 */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    amountMicros: bigint('amount_micros', { mode: 'number' }).notNull(),
    /** 'grant' | 'deduct' (admin adjustments) | 'charge' (usage). */
    kind: text('kind').notNull(),
    reason: text('reason').notNull(),
    /** Who made the entry (an admin for grants and deductions); null for system charges. */
    actorUserId: text('actor_user_id'),
    /** The balance right after this entry: makes the history readable without re-summing. */
    balanceAfterMicros: bigint('balance_after_micros', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('credit_ledger_customer_idx').on(t.customerId, t.id)],
);

/** What happened on a customer's account (the contract's AuditLog): proxy calls, keys, credits. */
export const customerEvents = pgTable(
  'customer_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('customer_events_customer_created_idx').on(t.customerId, t.createdAt),
    index('customer_events_customer_type_idx').on(t.customerId, t.eventType, t.createdAt),
  ],
);

/** Customer API keys (`X-API-KEY: nyd_ak_…`). Only a sha256 of the secret is stored. */
export const customerApiKeys = pgTable(
  'customer_api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    keyHash: text('key_hash').notNull().unique(),
    /** The first characters of the key, safe to show so people can tell their keys apart. */
    keyPrefix: text('key_prefix').notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    /** Deleted keys stay (events refer to them) but never authenticate again. */
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [index('customer_api_keys_customer_idx').on(t.customerId)],
);
