import { and, asc, count, desc, eq, ne, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { NodeRow } from '../../db/rows.ts';
import { nodes } from '../../db/schema/index.ts';

function visibleWhere(publisherId: string, includeBanned: boolean): SQL | undefined {
  return and(
    eq(nodes.publisherId, publisherId),
    ne(nodes.status, 'NodeStatusDeleted'),
    includeBanned ? undefined : ne(nodes.status, 'NodeStatusBanned'),
    // Withheld packs (every version flagged or banned) are not promoted either.
    includeBanned ? undefined : eq(nodes.withheld, false),
  );
}

// Newest first, id as the tie-breaker: pages never overlap or skip.
const ORDER = [desc(nodes.createdAt), asc(nodes.id)] as const;

/** All of a publisher's nodes (deleted ones never; banned and withheld ones only when asked). */
export async function listPublisherNodes(db: Db, publisherId: string, includeBanned: boolean): Promise<NodeRow[]> {
  return db
    .select()
    .from(nodes)
    .where(visibleWhere(publisherId, includeBanned))
    .orderBy(...ORDER);
}

/** One page of them, with the total. */
export async function pagePublisherNodes(
  db: Db,
  publisherId: string,
  options: { includeBanned: boolean; page: number; limit: number },
): Promise<{ rows: NodeRow[]; total: number }> {
  const where = visibleWhere(publisherId, options.includeBanned);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(nodes)
      .where(where)
      .orderBy(...ORDER)
      .limit(options.limit)
      .offset((options.page - 1) * options.limit),
    db.select({ n: count() }).from(nodes).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
