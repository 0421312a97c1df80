import { and, eq, inArray, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { NodeVersionRow } from '../../db/rows.ts';
import { archives, nodeVersions } from '../../db/schema/index.ts';
import { compareVersionsDesc } from './semver.ts';

/** A version row with its archive's facts (nodes/load-bundles.ts `withArchive` makes it a VersionWithArchive). */
export interface AgedLatestRow {
  version: NodeVersionRow;
  uploadedAt: Date | null;
  sha256: string | null;
}

/**
 * "Latest" under a minimum release age (lib/min-age/min-age.ts): for each node, the highest-semver
 * version that is Active, not yanked and created at or before `publishedBy`. Nodes without such a
 * version are absent from the answer. One query for any number of nodes; nodes.latest_version_id is
 * the same rule without the age, kept up to date on every write (services/versions/latest.ts).
 */
export async function latestPublishedBy(
  db: Db,
  nodeIds: readonly string[],
  publishedBy: Date,
): Promise<Map<string, AgedLatestRow>> {
  if (nodeIds.length === 0) return new Map();
  const rows = await db
    .select({ version: nodeVersions, uploadedAt: archives.uploadedAt, sha256: archives.sha256 })
    .from(nodeVersions)
    .leftJoin(archives, eq(archives.id, nodeVersions.archiveId))
    .where(
      and(
        inArray(nodeVersions.nodeId, [...new Set(nodeIds)]),
        eq(nodeVersions.status, 'NodeVersionStatusActive'),
        isNull(nodeVersions.yankedAt),
        isNull(nodeVersions.quarantinedAt),
        lte(nodeVersions.createdAt, publishedBy),
      ),
    );
  const best = new Map<string, AgedLatestRow>();
  for (const row of rows) {
    const current = best.get(row.version.nodeId);
    if (!current || compareVersionsDesc(row.version.version, current.version.version) < 0) {
      best.set(row.version.nodeId, row);
    }
  }
  return best;
}
