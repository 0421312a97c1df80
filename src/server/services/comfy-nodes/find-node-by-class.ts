import { and, asc, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { NodeRow } from '../../db/rows.ts';
import { comfyNodes, nodes, nodeVersions } from '../../db/schema/index.ts';

/**
 * The public node whose latest version defines the class. Several packs may define the same class
 * name: the one that claims it in preempted_comfy_node_names wins, then the higher search_ranking,
 * then the more installed, then the id (so the answer is stable).
 */
export async function findNodeByComfyNodeName(db: Db, name: string): Promise<NodeRow | undefined> {
  const [row] = await db
    .select(getTableColumns(nodes))
    .from(comfyNodes)
    // Through node_versions so that both joins use primary keys (latest_version_id has no index).
    .innerJoin(nodeVersions, eq(nodeVersions.id, comfyNodes.nodeVersionId))
    .innerJoin(nodes, and(eq(nodes.id, nodeVersions.nodeId), eq(nodes.latestVersionId, nodeVersions.id)))
    .where(and(eq(comfyNodes.name, name), eq(nodes.status, 'NodeStatusActive')))
    .orderBy(
      desc(sql`${nodes.preemptedComfyNodeNames} @> jsonb_build_array(${name}::text)`),
      desc(nodes.searchRanking),
      desc(nodes.totalInstall),
      asc(nodes.id),
    )
    .limit(1);
  return row;
}
