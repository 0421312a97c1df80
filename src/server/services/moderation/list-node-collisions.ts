import { and, asc, desc, eq, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { comfyNodeCollisions, nodes, nodeVersions } from '../../db/schema/index.ts';

export interface VersionCollisions {
  versionId: string;
  version: string;
  packs: Array<{ nodeId: string; name: string; classes: string[] }>;
}

const other = alias(nodes, 'other_node');

/**
 * Every not-deleted version of a node that shares class names with other (not deleted) packs,
 * newest version row first: what its publisher should know before users install both.
 */
export async function listNodeCollisions(db: Db, nodeId: string): Promise<VersionCollisions[]> {
  const rows = await db
    .select({
      versionId: nodeVersions.id,
      version: nodeVersions.version,
      otherId: other.id,
      otherName: other.name,
      className: comfyNodeCollisions.comfyNodeName,
    })
    .from(comfyNodeCollisions)
    .innerJoin(nodeVersions, eq(nodeVersions.id, comfyNodeCollisions.nodeVersionId))
    .innerJoin(other, eq(other.id, comfyNodeCollisions.otherNodeId))
    .where(
      and(
        eq(nodeVersions.nodeId, nodeId),
        ne(nodeVersions.status, 'NodeVersionStatusDeleted'),
        ne(other.status, 'NodeStatusDeleted'),
      ),
    )
    .orderBy(desc(nodeVersions.createdAt), asc(other.id), asc(comfyNodeCollisions.comfyNodeName));
  const byVersion = new Map<string, VersionCollisions>();
  for (const row of rows) {
    const entry = byVersion.get(row.versionId) ?? { versionId: row.versionId, version: row.version, packs: [] };
    let pack = entry.packs.find((p) => p.nodeId === row.otherId);
    if (!pack) entry.packs.push((pack = { nodeId: row.otherId, name: row.otherName || row.otherId, classes: [] }));
    if (!pack.classes.includes(row.className)) pack.classes.push(row.className);
    byVersion.set(row.versionId, entry);
  }
  return [...byVersion.values()];
}
