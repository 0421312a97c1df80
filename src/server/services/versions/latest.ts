import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { nodes, nodeVersions, type NodeVersionStatus } from '../../db/schema/index.ts';
import { compareVersionsDesc } from './semver.ts';

/** Statuses that, with no Active version beside them, withhold a pack from search and lists. */
const WITHHOLDING: readonly NodeVersionStatus[] = ['NodeVersionStatusFlagged', 'NodeVersionStatusBanned'];

/**
 * A pack is withheld when it has versions, none of them Active, and at least one was Flagged or
 * Banned. A pack with no version at all (a corpus import, an unclaimed entry) is not: it is installed
 * from its repository and nothing about it was found wanting. Pending or deleted versions alone do
 * not withhold either.
 */
export function isWithheld(statuses: readonly NodeVersionStatus[]): boolean {
  return !statuses.includes('NodeVersionStatusActive') && statuses.some((status) => WITHHOLDING.includes(status));
}

/**
 * Recomputes a node's latest version (the highest semver among Active versions that are not yanked or quarantined;
 * Pending and Flagged are not installable, yanked ones only by exact version: services/versions/yank.ts) and whether it is withheld (`isWithheld`). Call it inside the transaction of
 * every version write, status changes above all.
 *
 * When either changes, so do the node's class names, `latest_version` or its visibility: updated_at is
 * bumped too, which is what the search change feed, the response cache and `GET /nodes?timestamp=`
 * follow. The database clock is used (no clock is passed in), never moving updated_at backwards.
 */
export async function refreshLatestVersion(db: Db, nodeId: string): Promise<string | null> {
  const versions = await db
    .select({
      id: nodeVersions.id,
      version: nodeVersions.version,
      status: nodeVersions.status,
      yankedAt: nodeVersions.yankedAt,
      quarantinedAt: nodeVersions.quarantinedAt,
    })
    .from(nodeVersions)
    .where(eq(nodeVersions.nodeId, nodeId));
  // A quarantined version (services/quarantine/) leaves "latest" like a yanked one, and is not installable at all.
  const active = versions.filter(
    (v) => v.status === 'NodeVersionStatusActive' && v.yankedAt === null && v.quarantinedAt === null,
  );
  const latest = active.sort((a, b) => compareVersionsDesc(a.version, b.version))[0];
  const latestId = latest?.id ?? null;
  const withheld = isWithheld(versions.map((v) => v.status));
  await db
    .update(nodes)
    .set({
      latestVersionId: latestId,
      withheld,
      updatedAt: sql`GREATEST(clock_timestamp(), ${nodes.updatedAt})`,
    })
    .where(
      and(
        eq(nodes.id, nodeId),
        or(sql`${nodes.latestVersionId} IS DISTINCT FROM ${latestId}`, sql`${nodes.withheld} <> ${withheld}`),
      ),
    );
  return latestId;
}
