import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedPerDb } from '../../db/prepared.ts';
import { nodeDownloadsDaily } from '../../db/schema/index.ts';

// Built once (db/prepared.ts): every cold node page reads it.
const dailyStatement = preparedPerDb((db) =>
  db
    .select({ day: nodeDownloadsDaily.day, count: nodeDownloadsDaily.count })
    .from(nodeDownloadsDaily)
    .where(
      and(
        eq(nodeDownloadsDaily.nodeId, sql.placeholder('nodeId')),
        gte(nodeDownloadsDaily.day, sql.placeholder('sinceDay')),
      ),
    )
    .orderBy(asc(nodeDownloadsDaily.day))
    .prepare('node_downloads_daily'),
);

/**
 * A node's installs per UTC day (YYYY-MM-DD) from `sinceDay` on, oldest first, in one indexed range read.
 * Only days with installs have a row: the node page's chart fills the others with 0.
 */
export function listDailyDownloads(
  db: Db,
  nodeId: string,
  sinceDay: string,
): Promise<{ day: string; count: number }[]> {
  return dailyStatement(db).execute({ nodeId, sinceDay });
}
