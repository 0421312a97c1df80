import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedPerDb } from '../../db/prepared.ts';
import { archives, nodeVersions, type NodeVersionStatus } from '../../db/schema/index.ts';
import { archiveFacts, withArchive, type VersionWithArchive } from '../nodes/load-bundles.ts';
import { compareVersionsDesc } from './semver.ts';

/** What a node's public version list shows unless asked otherwise: everything not deleted or banned. */
export const DEFAULT_LISTED_STATUSES: NodeVersionStatus[] = [
  'NodeVersionStatusActive',
  'NodeVersionStatusPending',
  'NodeVersionStatusFlagged',
];

const versionsQuery = (db: Db, nodeId: string | ReturnType<typeof sql.placeholder>, statuses: NodeVersionStatus[]) =>
  db
    .select({ version: nodeVersions, ...archiveFacts })
    .from(nodeVersions)
    .leftJoin(archives, eq(archives.id, nodeVersions.archiveId))
    .where(and(eq(nodeVersions.nodeId, nodeId), inArray(nodeVersions.status, [...new Set(statuses)])));

// The public list (every cold node page, GET /nodes/{id}/versions) is built once (db/prepared.ts).
const listedStatement = preparedPerDb((db) =>
  versionsQuery(db, sql.placeholder('nodeId'), DEFAULT_LISTED_STATUSES).prepare('listed_node_versions'),
);

/** All versions of a node in the given statuses, newest semver first (one query). */
export async function listNodeVersions(
  db: Db,
  nodeId: string,
  statuses: NodeVersionStatus[],
): Promise<VersionWithArchive[]> {
  const rows =
    statuses === DEFAULT_LISTED_STATUSES
      ? await listedStatement(db).execute({ nodeId })
      : await versionsQuery(db, nodeId, statuses);
  return rows.map(withArchive).sort((a, b) => compareVersionsDesc(a.version.version, b.version.version));
}
