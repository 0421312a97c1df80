import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { NodeRow } from '../../db/rows.ts';
import { archives, nodes, nodeVersions } from '../../db/schema/index.ts';
import { archiveFacts, withArchive, type VersionWithArchive } from '../nodes/load-bundles.ts';
import { normalizeVersion } from './semver.ts';

export interface VersionIdentifier {
  node_id: string;
  version: string;
}

export type BulkLookupResult =
  { status: 'success'; found: VersionWithArchive } | { status: 'not_found' } | { status: 'error'; message: string };

/**
 * Looks up many (node, version) pairs in two queries, answering per pair. Deleted nodes and
 * versions are not found; a banned node is an error; any other version status is returned as is
 * (callers such as the frontend's conflict detection read `status`).
 */
export async function lookupVersions(db: Db, identifiers: VersionIdentifier[]): Promise<BulkLookupResult[]> {
  const nodeKeys = [...new Set(identifiers.map((i) => i.node_id.trim().toLowerCase()))];
  const nodeRows = nodeKeys.length ? await db.select().from(nodes).where(inArray(nodes.normalizedId, nodeKeys)) : [];
  const nodeByKey = new Map(nodeRows.map((n) => [n.normalizedId, n]));

  const wanted = identifiers.map((i) => ({
    node: nodeByKey.get(i.node_id.trim().toLowerCase()),
    version: normalizeVersion(i.version),
  }));
  const versions = await loadCandidates(db, wanted);
  return wanted.map(({ node, version }) => resultFor(node, version, versions));
}

async function loadCandidates(db: Db, wanted: { node: NodeRow | undefined; version: string | null }[]) {
  const nodeIds = [...new Set(wanted.flatMap((w) => (w.node ? [w.node.id] : [])))];
  const numbers = [...new Set(wanted.flatMap((w) => (w.version ? [w.version] : [])))];
  const byKey = new Map<string, VersionWithArchive>();
  if (nodeIds.length === 0 || numbers.length === 0) return byKey;
  // Every requested number for every requested node (a superset of the pairs, via the
  // (node_id, version) unique index); the map lookup below keeps the pairs actually asked for.
  const rows = await db
    .select({ version: nodeVersions, ...archiveFacts })
    .from(nodeVersions)
    .leftJoin(archives, eq(archives.id, nodeVersions.archiveId))
    .where(and(inArray(nodeVersions.nodeId, nodeIds), inArray(nodeVersions.version, numbers)));
  for (const row of rows) {
    byKey.set(`${row.version.nodeId}\n${row.version.version}`, withArchive(row));
  }
  return byKey;
}

function resultFor(
  node: NodeRow | undefined,
  version: string | null,
  versions: Map<string, VersionWithArchive>,
): BulkLookupResult {
  if (!node || node.status === 'NodeStatusDeleted') return { status: 'not_found' };
  if (node.status === 'NodeStatusBanned') return { status: 'error', message: `Node "${node.id}" is banned.` };
  if (!version) return { status: 'error', message: 'Not a valid version: expected semver such as 1.2.3.' };
  const found = versions.get(`${node.id}\n${version}`);
  if (!found || found.version.status === 'NodeVersionStatusDeleted') return { status: 'not_found' };
  return { status: 'success', found };
}
