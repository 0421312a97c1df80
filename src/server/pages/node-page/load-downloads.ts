import { and, asc, eq, gte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { nodeDownloadsDaily } from '../../db/schema/index.ts';
import { fillDays, type DailyCount } from './downloads-chart.ts';

/** How many days the chart covers. */
export const CHART_DAYS = 90;

/** A node's installs per UTC day for the chart window ending `now`, zeros included (one indexed range read). */
export async function loadDailyDownloads(db: Db, nodeId: string, now: Date): Promise<DailyCount[]> {
  const window = fillDays([], now, CHART_DAYS);
  const rows = await db
    .select({ day: nodeDownloadsDaily.day, count: nodeDownloadsDaily.count })
    .from(nodeDownloadsDaily)
    .where(and(eq(nodeDownloadsDaily.nodeId, nodeId), gte(nodeDownloadsDaily.day, window[0]!.day)))
    .orderBy(asc(nodeDownloadsDaily.day));
  return fillDays(rows, now, CHART_DAYS);
}
