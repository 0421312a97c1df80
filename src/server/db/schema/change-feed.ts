import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The registry's change feed: one row per change to what readers of the catalogue see (a pack, a
 * version, its archive facts or node classes, a publisher). Written only by database triggers
 * (migration 0013_change_feed), in the transaction of the change, so no service can forget it.
 * Append-only: rows are never updated; old ones are pruned (services/change-feed/prune.ts).
 *
 * `position` is handed out at commit under a transaction-scoped advisory lock that is released only
 * once the commit is visible, so positions increase in commit order: a reader that has seen position
 * N has seen every change up to N. The signed index (GET /index/v1/changes) uses it as its cursor.
 */
export const changeFeed = pgTable(
  'change_feed',
  {
    position: bigserial('position', { mode: 'number' }).primaryKey(),
    /** What changed: 'node', 'version' (a version row or its archive), 'classes' (a version's node classes), 'publisher'. */
    kind: text('kind').notNull(),
    /** The pack of a node, version or classes change. */
    nodeId: text('node_id'),
    /** The version of a version or classes change, and its version string (kept: the row may be gone). */
    versionId: uuid('version_id'),
    version: text('version'),
    /**
     * The publisher of a publisher change; for a pack, version or classes change the pack's publisher
     * (migration 0016: publisher pages list the pack), and a pack that moved is recorded for both.
     */
    publisherId: text('publisher_id'),
    /** The database clock at commit; pruning keeps a window of these. */
    recordedAt: timestamp('recorded_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('change_feed_recorded_at_idx').on(t.recordedAt)],
);

/**
 * One row: the highest position pruned from change_feed. A cursor below it can no longer be answered
 * with changes (the client must fetch the snapshot again); positions have gaps (rolled-back
 * transactions), so the lowest remaining row alone could not tell.
 */
export const changeFeedState = pgTable(
  'change_feed_state',
  {
    id: integer('id').primaryKey().default(1),
    prunedThrough: bigint('pruned_through', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('change_feed_state_single_row', sql`${t.id} = 1`)],
);
