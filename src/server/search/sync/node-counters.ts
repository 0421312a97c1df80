import { gte, max, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { nodes } from '../../db/schema/index.ts';

// The queries behind the change feed. Every write that changes what search shows bumps
// nodes.updated_at in its transaction, so "rows whose updated_at moved" is the feed.

export interface NodeChange {
  id: string;
  updatedAt: Date;
  /**
   * The row version (PostgreSQL's xmin: the transaction that wrote this version of the row). It changes on
   * every committed update, even two in the same millisecond, so re-reading the overlap window can skip
   * rows that were already applied without ever skipping a real change.
   */
  rowVersion: string;
}

/** Nodes (deleted ones included) whose updated_at is at or after `since`. Uses nodes_updated_at_idx. */
export function readChangesSince(db: Db, since: Date): Promise<NodeChange[]> {
  return db
    .select({ id: nodes.id, updatedAt: nodes.updatedAt, rowVersion: sql<string>`"nodes"."xmin"::text` })
    .from(nodes)
    .where(gte(nodes.updatedAt, since));
}

/** The newest updated_at of any node, or null for an empty table. Read before a full load. */
export async function readHighWaterMark(db: Db): Promise<Date | null> {
  const [row] = await db.select({ latest: max(nodes.updatedAt) }).from(nodes);
  return row?.latest ?? null;
}

export interface NodeCounters {
  id: string;
  downloads: number;
  stars: number;
}

/**
 * Download and star counts of every node search may show. Installs do not bump updated_at (they would
 * flood the feed), so these are refreshed on their own, slower clock.
 */
export function readCounters(db: Db): Promise<NodeCounters[]> {
  return db
    .select({ id: nodes.id, downloads: nodes.totalInstall, stars: nodes.githubStars })
    .from(nodes)
    .where(ne(nodes.status, 'NodeStatusDeleted'));
}
