import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedPerDb } from '../../db/prepared.ts';
import { comfyNodeCollisions, nodes } from '../../db/schema/index.ts';

export interface PackCollision {
  nodeId: string;
  name: string;
  /** The class names both packs define, sorted. */
  classes: string[];
}

// Built once (db/prepared.ts): every cold node page reads it.
const collisionsStatement = preparedPerDb((db) =>
  db
    .select({ nodeId: nodes.id, name: nodes.name, className: comfyNodeCollisions.comfyNodeName })
    .from(comfyNodeCollisions)
    .innerJoin(nodes, eq(nodes.id, comfyNodeCollisions.otherNodeId))
    .where(
      and(
        eq(comfyNodeCollisions.nodeVersionId, sql.placeholder('nodeVersionId')),
        ne(nodes.status, 'NodeStatusDeleted'),
      ),
    )
    .orderBy(asc(nodes.id), asc(comfyNodeCollisions.comfyNodeName))
    .prepare('pack_collisions'),
);

/**
 * Which other packs define the same node classes as this version (recorded by the moderation
 * pipeline), grouped by pack. Deleted packs are left out: nobody can install them any more.
 */
export async function listPackCollisions(db: Db, nodeVersionId: string): Promise<PackCollision[]> {
  return groupCollisions(await collisionsStatement(db).execute({ nodeVersionId }));
}

/** Collision rows (one per other pack and class, by pack then class) grouped by pack. */
export function groupCollisions(rows: readonly { nodeId: string; name: string; className: string }[]): PackCollision[] {
  const byNode = new Map<string, PackCollision>();
  for (const row of rows) {
    const entry = byNode.get(row.nodeId) ?? { nodeId: row.nodeId, name: row.name || row.nodeId, classes: [] };
    if (!entry.classes.includes(row.className)) entry.classes.push(row.className);
    byNode.set(row.nodeId, entry);
  }
  return [...byNode.values()];
}
