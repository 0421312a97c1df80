import { index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Who ran which search, once per client per time bucket, summed over all instances: the source of
 * "popular query" suggestions (src/server/services/search-index/shared-queries.ts). A query is suggested only
 * once enough distinct clients ran it within the window. Clients are keyed HMAC digests, never
 * addresses; rows older than the window are deleted, and the table is capped in rows.
 */
export const searchQueryClients = pgTable(
  'search_query_clients',
  {
    /** The normalised query text. */
    query: text('query').notNull(),
    /** HMAC of the client's address (IPv6 by /64) under the installation's secret. */
    clientHash: text('client_hash').notNull(),
    /** Start of the bucket (a day by default) in which this client ran it. */
    bucketStart: timestamp('bucket_start', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.query, t.clientHash, t.bucketStart] }),
    index('search_query_clients_bucket_idx').on(t.bucketStart),
    index('search_query_clients_client_idx').on(t.clientHash, t.bucketStart),
  ],
);
