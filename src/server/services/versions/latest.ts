import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { nodes, nodeVersions } from '../../db/schema/index.ts';
import { compareVersionsDesc } from './semver.ts';

/**
 * Recomputes a node's latest version: the highest semver among Active versions (Pending and
 * Flagged are not installable). Call it inside the transaction of every version write.
 */
export async function refreshLatestVersion(db: Db, nodeId: string): Promise<string | null> {
  const active = await db
    .select({ id: nodeVersions.id, version: nodeVersions.version })
    .from(nodeVersions)
    .where(and(eq(nodeVersions.nodeId, nodeId), eq(nodeVersions.status, 'NodeVersionStatusActive')));
  const latest = active.sort((a, b) => compareVersionsDesc(a.version, b.version))[0];
  const latestId = latest?.id ?? null;
  await db.update(nodes).set({ latestVersionId: latestId }).where(eq(nodes.id, nodeId));
  return latestId;
}
