import { and, asc, count, eq, notInArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { ComfyNodeRow } from '../../db/rows.ts';
import { comfyNodes, nodes, nodeVersions } from '../../db/schema/index.ts';
import { pageOffset, type Paging } from '../../../lib/paging.ts';

export interface AllComfyNodesQuery extends Paging {
  nodeId?: string | undefined;
  /** A canonical version string; without it, each node's latest version is used. */
  nodeVersion?: string | undefined;
  comfyNodeName?: string | undefined;
}

/**
 * Node classes of public nodes (not banned or deleted). Without a version filter only each node's
 * latest version counts, so a class is listed once per pack rather than once per release.
 * Ordered by class name, then node id, then row id (stable pages).
 */
export async function listAllComfyNodes(
  db: Db,
  query: AllComfyNodesQuery,
): Promise<{ rows: ComfyNodeRow[]; total: number }> {
  const where: SQL | undefined = and(
    eq(nodes.status, 'NodeStatusActive'),
    notInArray(nodeVersions.status, ['NodeVersionStatusDeleted', 'NodeVersionStatusBanned']),
    query.nodeVersion ? eq(nodeVersions.version, query.nodeVersion) : eq(nodes.latestVersionId, nodeVersions.id),
    query.nodeId ? eq(nodes.normalizedId, query.nodeId.trim().toLowerCase()) : undefined,
    query.comfyNodeName ? eq(comfyNodes.name, query.comfyNodeName) : undefined,
  );
  const [rows, totals] = await Promise.all([
    db
      .select({ comfyNode: comfyNodes })
      .from(comfyNodes)
      .innerJoin(nodeVersions, eq(nodeVersions.id, comfyNodes.nodeVersionId))
      .innerJoin(nodes, eq(nodes.id, nodeVersions.nodeId))
      .where(where)
      .orderBy(asc(comfyNodes.name), asc(nodes.id), asc(comfyNodes.id))
      .limit(query.limit)
      .offset(pageOffset(query)),
    db
      .select({ total: count() })
      .from(comfyNodes)
      .innerJoin(nodeVersions, eq(nodeVersions.id, comfyNodes.nodeVersionId))
      .innerJoin(nodes, eq(nodes.id, nodeVersions.nodeId))
      .where(where),
  ]);
  return { rows: rows.map((r) => r.comfyNode), total: totals[0]?.total ?? 0 };
}
