import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { advisoryIdCounters } from '../../db/schema/index.ts';

/**
 * The next NYSA-YYYY-NNNN of `now`'s year. One upsert that increments the year's counter row: concurrent
 * transactions queue on that row's lock, so two never get the same number, and a publish that rolls back takes its
 * increment with it (no gap). NNNN grows past four digits if a year ever needs it.
 */
export async function allocateAdvisoryId(tx: Db, now: Date): Promise<string> {
  const year = now.getUTCFullYear();
  const [row] = await tx
    .insert(advisoryIdCounters)
    .values({ year, last: 1 })
    .onConflictDoUpdate({ target: advisoryIdCounters.year, set: { last: sql`${advisoryIdCounters.last} + 1` } })
    .returning({ last: advisoryIdCounters.last });
  return `NYSA-${year}-${String(row!.last).padStart(4, '0')}`;
}
