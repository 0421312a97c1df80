import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { NodeVersionRow } from '../../db/rows.ts';
import { nodeVersions } from '../../db/schema/index.ts';
import { compareVersionsDesc } from './semver.ts';

/**
 * The Active version an update replaces: the highest Active version below it that is not yanked
 * (a yanked version is what users were steered away from, so it is no baseline for "what this update
 * adds"); only when every Active version below is yanked, the highest of those. Null for a first version.
 * One rule for the capability hold (moderation/capability-hold.ts) and the publisher's "what this
 * update gains" view (version-changes), so both compare with the same version.
 */
export async function previousActiveVersion(db: Db, version: NodeVersionRow): Promise<NodeVersionRow | null> {
  const rows = await db
    .select()
    .from(nodeVersions)
    .where(
      and(
        eq(nodeVersions.nodeId, version.nodeId),
        eq(nodeVersions.status, 'NodeVersionStatusActive'),
        ne(nodeVersions.id, version.id),
      ),
    );
  const older = rows
    .filter((row) => compareVersionsDesc(row.version, version.version) > 0)
    .sort((a, b) => compareVersionsDesc(a.version, b.version));
  return older.find((row) => row.yankedAt === null) ?? older[0] ?? null;
}
