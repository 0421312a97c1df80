import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Fixed-window request counters shared by every instance (so a limit holds behind a load
 * balancer). `bucket` names who is counted (`write:ip:…`, `write:cred:<hash prefix>` — never a raw
 * token); old windows are deleted as new ones are written. `install:<hash>` rows are hour-long
 * claims that one client's install of one version was counted (services/nodes/record-download.ts).
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    bucket: text('bucket').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
    hits: integer('hits').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.windowStart] })],
);
