import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { publishers } from './publishers.ts';
import { users } from './users.ts';

// Publisher webhooks: endpoints a publisher registers, the events that happened to the publisher,
// and one delivery per (event, endpoint) that the `webhook.deliver` job sends, retries and records.

/**
 * An HTTPS endpoint of a publisher. The signing secret has to be readable again to sign each delivery
 * (a hash would not do), so it is stored encrypted (AES-256-GCM under a key derived from the server's
 * signing secret, services/webhooks/endpoint-secret.ts): a database dump alone does not reveal it.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    publisherId: text('publisher_id')
      .notNull()
      .references(() => publishers.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    /** Event types this endpoint receives (services/webhooks/event-types.ts). */
    events: text('events').array().notNull(),
    /** `v1.<iv>.<ciphertext+tag>`, base64url parts. */
    secretCiphertext: text('secret_ciphertext').notNull(),
    /** The first characters of the secret, safe to show so owners can tell secrets apart. */
    secretPrefix: text('secret_prefix').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('webhook_endpoints_publisher_idx').on(t.publisherId)],
);

/** Something that happened to a publisher, with the JSON body every endpoint receives for it. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    publisherId: text('publisher_id')
      .notNull()
      .references(() => publishers.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    data: jsonb('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('webhook_events_publisher_created_idx').on(t.publisherId, t.createdAt)],
);

/**
 * One event sent to one endpoint. `status`: pending (queued or between retries), succeeded (2xx),
 * failed (attempts used up, or refused for good, e.g. a private address).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    status: text('status').$type<'pending' | 'succeeded' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** HTTP status of the last attempt (null: no answer, see last_error). */
    responseStatus: integer('response_status'),
    lastError: text('last_error'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event_endpoint_key').on(t.eventId, t.endpointId),
    index('webhook_deliveries_endpoint_created_idx').on(t.endpointId, t.createdAt),
  ],
);
