import { and, asc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { comfyNodeCollisions, nodes } from '../../db/schema/index.ts';

export interface PackCollision {
  nodeId: string;
  name: string;
  /** The class names both packs define, sorted. */
  classes: string[];
}

/**
 * Which other packs define the same node classes as this version (recorded by the moderation
 * pipeline), grouped by pack. Deleted packs are left out: nobody can install them any more.
 */
export async function listPackCollisions(db: Db, nodeVersionId: string): Promise<PackCollision[]> {
  const rows = await db
    .select({ nodeId: nodes.id, name: nodes.name, className: comfyNodeCollisions.comfyNodeName })
    .from(comfyNodeCollisions)
    .innerJoin(nodes, eq(nodes.id, comfyNodeCollisions.otherNodeId))
    .where(and(eq(comfyNodeCollisions.nodeVersionId, nodeVersionId), ne(nodes.status, 'NodeStatusDeleted')))
    .orderBy(asc(nodes.id), asc(comfyNodeCollisions.comfyNodeName));
  const byNode = new Map<string, PackCollision>();
  for (const row of rows) {
    const entry = byNode.get(row.nodeId) ?? { nodeId: row.nodeId, name: row.name || row.nodeId, classes: [] };
    if (!entry.classes.includes(row.className)) entry.classes.push(row.className);
    byNode.set(row.nodeId, entry);
  }
  return [...byNode.values()];
}
