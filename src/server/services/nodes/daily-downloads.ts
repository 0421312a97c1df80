import { and, asc, eq, gte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { nodeDownloadsDaily } from '../../db/schema/index.ts';

/**
 * A node's installs per UTC day (YYYY-MM-DD) from `sinceDay` on, oldest first, in one indexed range read.
 * Only days with installs have a row: the node page's chart fills the others with 0.
 */
export function listDailyDownloads(
  db: Db,
  nodeId: string,
  sinceDay: string,
): Promise<{ day: string; count: number }[]> {
  return db
    .select({ day: nodeDownloadsDaily.day, count: nodeDownloadsDaily.count })
    .from(nodeDownloadsDaily)
    .where(and(eq(nodeDownloadsDaily.nodeId, nodeId), gte(nodeDownloadsDaily.day, sinceDay)))
    .orderBy(asc(nodeDownloadsDaily.day));
}
