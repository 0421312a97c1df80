import { count, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { NodeRow } from '../../db/rows.ts';
import { nodes, publishers } from '../../db/schema/index.ts';
import { pageOffset, type Paging } from '../../../lib/paging.ts';

export interface NodeListPageQuery extends Paging {
  where: SQL | undefined;
  orderBy: SQL[];
  /** Join publishers: only when a filter or sort uses the publisher's name. */
  joinPublishers?: boolean;
}

/**
 * One page of nodes plus the total. The page is found by sorting ids only (narrow rows, often
 * straight off an index), then the full rows of those ≤ 100 ids are fetched: sorting whole node rows
 * spilled to disk at corpus size (30 ms → 2 ms per page measured on PGlite).
 */
export async function queryNodeListPage(
  db: Db,
  options: NodeListPageQuery,
): Promise<{ rows: NodeRow[]; total: number }> {
  const base = () => {
    const query = db.select({ id: nodes.id }).from(nodes);
    return options.joinPublishers ? query.innerJoin(publishers, eq(publishers.id, nodes.publisherId)) : query;
  };
  const counted = () => {
    const query = db.select({ total: count() }).from(nodes);
    return options.joinPublishers ? query.innerJoin(publishers, eq(publishers.id, nodes.publisherId)) : query;
  };
  const [idRows, totals] = await Promise.all([
    base()
      .where(options.where)
      .orderBy(...options.orderBy)
      .limit(options.limit)
      .offset(pageOffset(options)),
    counted().where(options.where),
  ]);
  const ids = idRows.map((row) => row.id);
  const fetched = ids.length ? await db.select().from(nodes).where(inArray(nodes.id, ids)) : [];
  const byId = new Map(fetched.map((row) => [row.id, row]));
  const rows = ids.flatMap((id) => byId.get(id) ?? []);
  return { rows, total: totals[0]?.total ?? 0 };
}
