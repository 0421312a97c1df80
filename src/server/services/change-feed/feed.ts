import { asc, gt, lt, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { changeFeed, changeFeedState } from '../../db/schema/index.ts';

// Reading the registry's change feed (db/schema/change-feed.ts): database triggers write it in the
// transaction of every change to what catalogue readers see, with positions in commit order. The
// signed index's deltas follow it; so can anything else that must learn what changed (a cache, a peer).

export type ChangeRow = typeof changeFeed.$inferSelect;

/** The highest position pruned away (0 when nothing was): cursors below it can no longer be answered. */
export async function feedFloor(db: Db): Promise<number> {
  const [row] = await db.select({ prunedThrough: changeFeedState.prunedThrough }).from(changeFeedState).limit(1);
  return row?.prunedThrough ?? 0;
}

/** The latest position (0 for a registry that never changed). Pruning never lowers it. */
export async function feedHead(db: Db): Promise<number> {
  const result = await db.execute(
    sql`SELECT GREATEST(COALESCE((SELECT max(${changeFeed.position}) FROM ${changeFeed}), 0),
                        COALESCE((SELECT ${changeFeedState.prunedThrough} FROM ${changeFeedState}), 0)) AS head`,
  );
  const [row] = (result as unknown as { rows: { head: string | number }[] }).rows;
  return Number(row?.head ?? 0);
}

/** Up to `limit` changes after `since`, oldest first. */
export async function changesAfter(db: Db, since: number, limit: number): Promise<ChangeRow[]> {
  return db
    .select()
    .from(changeFeed)
    .where(gt(changeFeed.position, since))
    .orderBy(asc(changeFeed.position))
    .limit(limit);
}

/**
 * Drops the changes recorded before `cutoff` (a prefix of the feed: everything up to the newest such
 * position) and remembers how far, so older cursors get a clear "fetch the snapshot" answer.
 * Returns how many rows went.
 */
export async function pruneChangeFeed(db: Db, cutoff: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const [edge] = await tx
      .select({ position: max(changeFeed.position) })
      .from(changeFeed)
      .where(lt(changeFeed.recordedAt, cutoff));
    const through = edge?.position === null || edge?.position === undefined ? null : Number(edge.position);
    if (through === null) return 0;
    const removed = await tx
      .delete(changeFeed)
      .where(sql`${changeFeed.position} <= ${through}`)
      .returning({ position: changeFeed.position });
    await tx
      .insert(changeFeedState)
      .values({ id: 1, prunedThrough: through })
      .onConflictDoUpdate({
        target: changeFeedState.id,
        set: { prunedThrough: sql`GREATEST(${changeFeedState.prunedThrough}, ${through})` },
      });
    return removed.length;
  });
}
