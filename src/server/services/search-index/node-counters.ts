import { and, asc, gt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { nodes } from '../../db/schema/index.ts';

// What search needs besides the change feed (services/change-feed/): the counters, which the feed does
// not carry (installs and stars would flood it).

export interface NodeCounters {
  id: string;
  downloads: number;
  stars: number;
}

/**
 * A digest of every node's counters, computed in the database (one row back, no rows to parse): equal
 * digests mean no count, star, node added or node removed since, so an idle instance skips the full read
 * (at 10× the corpus that read parsed ~59,000 rows on the event loop every minute).
 */
export async function readCountersDigest(db: Db): Promise<string> {
  const [row] = await db
    .select({
      digest: sql<string>`count(*)::text || ':' || coalesce(sum(hashtext(${nodes.id} || ':' || ${nodes.totalInstall} || ':' || coalesce(${nodes.githubStars}, -1))::bigint), 0)::text`,
    })
    .from(nodes)
    .where(ne(nodes.status, 'NodeStatusDeleted'));
  return row?.digest ?? '';
}

/** Rows per counters read: each read and its comparison stay a few milliseconds of the event loop. */
export const COUNTERS_CHUNK = 2_000;

/** One chunk of `readCounters`, by id after `afterId` (keyset: each chunk costs the same). */
export function readCountersAfter(db: Db, afterId: string | null, limit = COUNTERS_CHUNK): Promise<NodeCounters[]> {
  return db
    .select({ id: nodes.id, downloads: nodes.totalInstall, stars: nodes.githubStars })
    .from(nodes)
    .where(and(ne(nodes.status, 'NodeStatusDeleted'), afterId === null ? undefined : gt(nodes.id, afterId)))
    .orderBy(asc(nodes.id))
    .limit(limit);
}
