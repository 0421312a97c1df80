import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { nodeDownloadsDaily, nodes } from '../../db/schema/index.ts';

/**
 * Counts one install: the node's total and its UTC-day bucket, together or not at all. Both are
 * relative increments, so concurrent installs never lose a count. updated_at is left alone: an
 * install is not a change to the node (incremental sync must not see it).
 */
export async function recordDownload(db: Db, nodeId: string, now: Date): Promise<void> {
  const day = now.toISOString().slice(0, 10);
  await db.transaction(async (tx) => {
    await tx
      .update(nodes)
      .set({ totalInstall: sql`${nodes.totalInstall} + 1` })
      .where(eq(nodes.id, nodeId));
    await tx
      .insert(nodeDownloadsDaily)
      .values({ nodeId, day, count: 1 })
      .onConflictDoUpdate({
        target: [nodeDownloadsDaily.nodeId, nodeDownloadsDaily.day],
        set: { count: sql`${nodeDownloadsDaily.count} + 1` },
      });
  });
}
