import { desc, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { searchQueryCounts } from '../../db/schema/index.ts';
import type { SearchIndex } from '../port.ts';

/** How many of the most run queries each instance keeps for suggestions. */
const KEEP = 2_000;
/** Queries nobody ran for this long are forgotten (they stop being "popular"). */
const FORGET_AFTER_MS = 90 * 24 * 3600 * 1000;

/**
 * Adds this instance's recent query counts to the shared totals and adopts the totals, so popular
 * queries are the same on every instance behind a load balancer.
 */
export async function shareQueryCounts(db: Db, index: SearchIndex, now: Date): Promise<number> {
  const recorded = index.drainRecordedQueries();
  if (recorded.length > 0) {
    await db
      .insert(searchQueryCounts)
      .values(recorded.map(({ text, count }) => ({ query: text, hits: count, lastSeenAt: now })))
      .onConflictDoUpdate({
        target: searchQueryCounts.query,
        set: { hits: sql`${searchQueryCounts.hits} + excluded.hits`, lastSeenAt: now },
      });
    await db
      .delete(searchQueryCounts)
      .where(lt(searchQueryCounts.lastSeenAt, new Date(now.getTime() - FORGET_AFTER_MS)));
  }
  const totals = await db
    .select({ text: searchQueryCounts.query, count: searchQueryCounts.hits })
    .from(searchQueryCounts)
    .orderBy(desc(searchQueryCounts.hits))
    .limit(KEEP);
  index.replacePopularQueries(totals);
  return recorded.length;
}
