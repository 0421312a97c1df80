import { count, eq, getTableColumns, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { NodeRow } from '../../db/rows.ts';
import { nodes, publishers } from '../../db/schema/index.ts';
import { pageOffset, type Paging } from './paging.ts';

/**
 * One page of nodes plus the total, in two queries. Publishers are joined so that filters and
 * sorts may use the publisher's name (nodes.publisher_id is NOT NULL, so the join drops nothing).
 */
export async function queryNodePage(
  db: Db,
  options: Paging & { where: SQL | undefined; orderBy: SQL[] },
): Promise<{ rows: NodeRow[]; total: number }> {
  const [rows, totals] = await Promise.all([
    db
      .select(getTableColumns(nodes))
      .from(nodes)
      .innerJoin(publishers, eq(publishers.id, nodes.publisherId))
      .where(options.where)
      .orderBy(...options.orderBy)
      .limit(options.limit)
      .offset(pageOffset(options)),
    db
      .select({ total: count() })
      .from(nodes)
      .innerJoin(publishers, eq(publishers.id, nodes.publisherId))
      .where(options.where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}
