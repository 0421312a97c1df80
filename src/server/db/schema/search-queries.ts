import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * How often each (normalized) search query was run, summed over all instances: the source of
 * "popular query" suggestions, so every instance suggests the same thing.
 */
export const searchQueryCounts = pgTable(
  'search_query_counts',
  {
    query: text('query').primaryKey(),
    hits: bigint('hits', { mode: 'number' }).notNull().default(0),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('search_query_counts_hits_idx').on(t.hits)],
);
