import { and, asc, count, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { archives, nodes, nodeVersions, type NodeVersionStatus } from '../../db/schema/index.ts';
import { archiveFacts, withArchive, type VersionWithArchive } from '../nodes/load-bundles.ts';
import { containsPattern } from '../shared/text-match.ts';
import { pageOffset, type Paging } from '../../../lib/paging.ts';

export interface AllVersionsQuery extends Paging {
  /** Any letter case; matched through nodes.normalized_id. */
  nodeId?: string | undefined;
  statuses?: NodeVersionStatus[] | undefined;
  /** Case-insensitive substring of status_reason. */
  statusReason?: string | undefined;
  /** Created at or after (inclusive) / before (exclusive). */
  createdFrom?: Date | undefined;
  createdBefore?: Date | undefined;
}

/** Versions across all nodes, newest first (created_at DESC, then id), with the total. */
export async function listAllVersions(
  db: Db,
  query: AllVersionsQuery,
): Promise<{ versions: VersionWithArchive[]; total: number }> {
  const reason = query.statusReason?.trim();
  const where = and(
    query.nodeId
      ? inArray(
          nodeVersions.nodeId,
          db.select({ id: nodes.id }).from(nodes).where(eq(nodes.normalizedId, query.nodeId.trim().toLowerCase())),
        )
      : undefined,
    query.statuses?.length ? inArray(nodeVersions.status, [...new Set(query.statuses)]) : undefined,
    reason ? sql`${nodeVersions.statusReason} ILIKE ${containsPattern(reason)}` : undefined,
    query.createdFrom ? gte(nodeVersions.createdAt, query.createdFrom) : undefined,
    query.createdBefore ? lt(nodeVersions.createdAt, query.createdBefore) : undefined,
  );
  const [rows, totals] = await Promise.all([
    db
      .select({ version: nodeVersions, ...archiveFacts })
      .from(nodeVersions)
      .leftJoin(archives, eq(archives.id, nodeVersions.archiveId))
      .where(where)
      .orderBy(desc(nodeVersions.createdAt), asc(nodeVersions.id))
      .limit(query.limit)
      .offset(pageOffset(query)),
    db.select({ total: count() }).from(nodeVersions).where(where),
  ]);
  return {
    versions: rows.map(withArchive),
    total: totals[0]?.total ?? 0,
  };
}
