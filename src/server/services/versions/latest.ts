import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { nodes, nodeVersions } from '../../db/schema/index.ts';
import { compareVersionsDesc } from './semver.ts';

/**
 * Recomputes a node's latest version: the highest semver among Active versions (Pending and
 * Flagged are not installable). Call it inside the transaction of every version write.
 *
 * When the latest version changes, so do the node's class names and `latest_version`: updated_at
 * is bumped too, which is what the search change feed and `GET /nodes?timestamp=` follow. The
 * database clock is used (no clock is passed in), never moving updated_at backwards.
 */
export async function refreshLatestVersion(db: Db, nodeId: string): Promise<string | null> {
  const active = await db
    .select({ id: nodeVersions.id, version: nodeVersions.version })
    .from(nodeVersions)
    .where(and(eq(nodeVersions.nodeId, nodeId), eq(nodeVersions.status, 'NodeVersionStatusActive')));
  const latest = active.sort((a, b) => compareVersionsDesc(a.version, b.version))[0];
  const latestId = latest?.id ?? null;
  await db
    .update(nodes)
    .set({ latestVersionId: latestId, updatedAt: sql`GREATEST(clock_timestamp(), ${nodes.updatedAt})` })
    .where(and(eq(nodes.id, nodeId), sql`${nodes.latestVersionId} IS DISTINCT FROM ${latestId}`));
  return latestId;
}
