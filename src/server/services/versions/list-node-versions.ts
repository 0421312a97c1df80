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

const versionsQuery = (db: Db, statuses: NodeVersionStatus[]) =>
  db
    .select({ version: nodeVersions, ...archiveFacts })
    .from(nodeVersions)
    .leftJoin(archives, eq(archives.id, nodeVersions.archiveId))
    .where(and(eq(nodeVersions.nodeId, sql.placeholder('nodeId')), inArray(nodeVersions.status, statuses)));

// One statement per set of statuses asked for, each built once (db/prepared.ts): the public list (every
// cold node page, GET /nodes/{id}/versions) and the few other sets in use. Statuses are a closed enum, so
// there are at most 32 sets, and a set's name is short enough for PostgreSQL's 63 characters.
const bySet = new Map<string, (db: Db) => PreparedVersions>();
type PreparedVersions = ReturnType<ReturnType<typeof versionsQuery>['prepare']>;

function statementFor(statuses: NodeVersionStatus[]) {
  const set = [...new Set(statuses)].sort();
  const name = `node_versions_${set.map((status) => status.replace('NodeVersionStatus', '')).join('_')}`;
  let statement = bySet.get(name);
  if (!statement) {
    statement = preparedPerDb((db) => versionsQuery(db, set).prepare(name));
    bySet.set(name, statement);
  }
  return statement;
}

/** All versions of a node in the given statuses, newest semver first (one query). */
export async function listNodeVersions(
  db: Db,
  nodeId: string,
  statuses: NodeVersionStatus[],
): Promise<VersionWithArchive[]> {
  const rows = await statementFor(statuses)(db).execute({ nodeId });
  return rows.map(withArchive).sort((a, b) => compareVersionsDesc(a.version.version, b.version.version));
}
