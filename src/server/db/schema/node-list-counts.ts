import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, uuid } from 'drizzle-orm/pg-core';

/**
 * How many packs GET /nodes lists, kept by triggers on `nodes` (migration 0015) in the transaction of
 * each change, so a list page never counts the table. One row. `version` moves whenever list membership
 * or the default order changes (a pack created, deleted, banned, withheld or lifted); page boundaries
 * cached for deep pages (services/nodes/default-list-page.ts) are valid for one version of one
 * `generation` (a new row, e.g. after the table was emptied, starts a new generation).
 */
export const nodeListCounts = pgTable(
  'node_list_counts',
  {
    id: integer('id').primaryKey().default(1),
    /** Active and not withheld: the default list. */
    listed: bigint('listed', { mode: 'number' }).notNull(),
    /** Not deleted: the list with include_banned=true. */
    present: bigint('present', { mode: 'number' }).notNull(),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
    generation: uuid('generation').notNull().defaultRandom(),
  },
  (t) => [check('node_list_counts_single_row', sql`${t.id} = 1`)],
);
