import { and, asc, count, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { PublisherRow } from '../../db/rows.ts';
import { nodes, publishers, type PublisherStatus } from '../../db/schema/index.ts';
import { containsPattern } from '../shared/text-match.ts';
import { pageOffset, type Paging } from '../../../lib/paging.ts';

export interface AdminPublisherQuery extends Paging {
  search?: string | undefined;
  statuses?: PublisherStatus[] | undefined;
}

export interface AdminPublisherRow {
  publisher: PublisherRow;
  nodeCount: number;
}

/** Publishers in any status, by id, with how many (not deleted) nodes each holds. */
export async function listAdminPublishers(
  db: Db,
  query: AdminPublisherQuery,
): Promise<{ rows: AdminPublisherRow[]; total: number }> {
  const term = query.search?.trim();
  const where = and(
    query.statuses?.length ? inArray(publishers.status, [...new Set(query.statuses)]) : undefined,
    term ? or(ilike(publishers.id, containsPattern(term)), ilike(publishers.name, containsPattern(term))) : undefined,
  );
  const [rows, totals] = await Promise.all([
    db.select().from(publishers).where(where).orderBy(asc(publishers.id)).limit(query.limit).offset(pageOffset(query)),
    db.select({ total: count() }).from(publishers).where(where),
  ]);
  const counts = rows.length
    ? await db
        .select({ publisherId: nodes.publisherId, count: count() })
        .from(nodes)
        .where(
          and(
            inArray(
              nodes.publisherId,
              rows.map((r) => r.id),
            ),
            sql`${nodes.status} <> 'NodeStatusDeleted'`,
          ),
        )
        .groupBy(nodes.publisherId)
    : [];
  const countOf = new Map(counts.map((c) => [c.publisherId, c.count]));
  return {
    rows: rows.map((publisher) => ({ publisher, nodeCount: countOf.get(publisher.id) ?? 0 })),
    total: totals[0]?.total ?? 0,
  };
}
