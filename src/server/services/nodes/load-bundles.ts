import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jsonTextArray, preparedPerDb } from '../../db/prepared.ts';
import type { NodeRow, NodeVersionRow, PublisherRow } from '../../db/rows.ts';
import { archives, nodes, nodeVersions, publishers, versionProvenance } from '../../db/schema/index.ts';
import {
  loadProvenanceBriefs,
  provenanceColumns,
  toBrief,
  type ProvenanceBrief,
} from '../trusted-publishing/provenance-summaries.ts';
import { latestPublishedBy, type AgedLatestRow } from '../versions/aged-latest.ts';

export interface VersionWithArchive {
  version: NodeVersionRow;
  /** True once the archive was uploaded and accepted: only then is there something to download. */
  hasArchive: boolean;
  /** The accepted archive's sha256 (null without one). */
  sha256: string | null;
}

/** The archive columns every version reader selects beside the version row. */
export const archiveFacts = { uploadedAt: archives.uploadedAt, sha256: archives.sha256 };

/** A version row and its (left-joined) archive facts as a VersionWithArchive. */
export function withArchive(row: {
  version: NodeVersionRow;
  uploadedAt: Date | null;
  sha256: string | null;
}): VersionWithArchive {
  const hasArchive = row.uploadedAt != null;
  return { version: row.version, hasArchive, sha256: hasArchive ? row.sha256 : null };
}

const withAged = (row: AgedLatestRow | undefined) => (row ? withArchive(row) : undefined);

export interface NodeBundle {
  node: NodeRow;
  publisher: PublisherRow | undefined;
  latest: VersionWithArchive | undefined;
  /** How `latest` was published (absent when unknown, or when the loader did not read it). */
  latestProvenance?: ProvenanceBrief | undefined;
}

const versionsWithArchive = (db: Db, where: SQL) =>
  db
    .select({ version: nodeVersions, ...archiveFacts })
    .from(nodeVersions)
    .leftJoin(archives, eq(archives.id, nodeVersions.archiveId))
    .where(where);

// One version (an install's latest, a node's latest) is the common case: built once (db/prepared.ts).
const oneVersionStatement = preparedPerDb((db) =>
  versionsWithArchive(db, eq(nodeVersions.id, sql.placeholder('id'))).prepare('version_with_archive'),
);

/** Versions with their archive state, for any set of version ids (one query). */
export async function loadVersionsWithArchive(db: Db, versionIds: string[]): Promise<Map<string, VersionWithArchive>> {
  if (versionIds.length === 0) return new Map();
  const rows =
    versionIds.length === 1
      ? await oneVersionStatement(db).execute({ id: versionIds[0]! })
      : await versionsWithArchive(db, inArray(nodeVersions.id, versionIds));
  return new Map(rows.map((r) => [r.version.id, withArchive(r)]));
}

/** The columns findNodeWithLatest reads (node-page-head.ts reads them too, beside more). */
export const nodeWithLatestColumns = { node: nodes, latest: nodeVersions, ...archiveFacts, ...provenanceColumns };

/**
 * A row of those columns (nodes left-joined to the latest version, its archive and its provenance)
 * as the node, its latest version with archive facts, and how that version was published.
 */
export function toNodeWithLatest(
  row: {
    node: NodeRow;
    latest: NodeVersionRow | null;
    uploadedAt: Date | null;
    sha256: string | null;
  } & Parameters<typeof toBrief>[0],
): Omit<NodeBundle, 'publisher'> {
  const latest = row.latest
    ? withArchive({ version: row.latest, uploadedAt: row.uploadedAt, sha256: row.sha256 })
    : undefined;
  return { node: row.node, latest, latestProvenance: latest ? (toBrief(row) ?? undefined) : undefined };
}

// One statement, built once (db/prepared.ts): an install asks for exactly this before anything else.
const withLatestStatement = preparedPerDb((db) =>
  db
    .select(nodeWithLatestColumns)
    .from(nodes)
    .leftJoin(nodeVersions, eq(nodeVersions.id, nodes.latestVersionId))
    .leftJoin(archives, eq(archives.id, nodeVersions.archiveId))
    .leftJoin(versionProvenance, eq(versionProvenance.nodeVersionId, nodeVersions.id))
    .where(eq(nodes.normalizedId, sql.placeholder('normalizedId')))
    .limit(1)
    .prepare('node_with_latest'),
);

/**
 * A node by id (any letter case) with its latest version, that version's archive facts and how it was
 * published, in ONE query (findNode, loadVersionsWithArchive and loadProvenanceBriefs were three; on
 * PGlite each costs its planning in the server's thread). Undefined when no node has the id.
 */
export async function findNodeWithLatest(db: Db, id: string): Promise<Omit<NodeBundle, 'publisher'> | undefined> {
  const [row] = await withLatestStatement(db).execute({ normalizedId: id.toLowerCase() });
  return row ? toNodeWithLatest(row) : undefined;
}

// The bundles of a page of nodes in ONE statement built once per database handle (db/prepared.ts): each
// node's publisher, latest version, its archive facts and provenance, by the ids the caller's rows name
// (so they match the rows' snapshot), passed as JSON arrays (jsonTextArray: planned once per connection,
// for a short page). Three drizzle-built queries before, each built, parsed and planned on every page.
const bundlesStatement = preparedPerDb((db) => {
  const ids = (field: string) => jsonTextArray(sql`${sql.placeholder('ids')}::jsonb -> ${sql.raw(`'${field}'`)}`);
  return db
    .select({
      nodeId: sql<string>`wanted.node_id`,
      publisher: publishers,
      latest: nodeVersions,
      ...archiveFacts,
      ...provenanceColumns,
    })
    .from(
      sql`unnest(${ids('nodes')}, ${ids('publishers')}, ${ids('versions')}::uuid[]) AS wanted(node_id, publisher_id, version_id)`,
    )
    .leftJoin(publishers, sql`${publishers.id} = wanted.publisher_id`)
    .leftJoin(nodeVersions, sql`${nodeVersions.id} = wanted.version_id`)
    .leftJoin(archives, eq(archives.id, nodeVersions.archiveId))
    .leftJoin(versionProvenance, eq(versionProvenance.nodeVersionId, nodeVersions.id))
    .prepare('node_bundles');
});

async function readBundles(db: Db, rows: NodeRow[]): Promise<NodeBundle[]> {
  const ids = JSON.stringify({
    nodes: rows.map((node) => node.id),
    publishers: rows.map((node) => node.publisherId),
    versions: rows.map((node) => node.latestVersionId),
  });
  const byNode = new Map((await bundlesStatement(db).execute({ ids })).map((row) => [row.nodeId, row]));
  // unnest gives every node its row (left joins keep it): the fallback is for the type checker.
  return rows.map((node) => {
    const row = byNode.get(node.id);
    if (!row) return { node, publisher: undefined, latest: undefined };
    return { ...toNodeWithLatest({ ...row, node }), publisher: row.publisher ?? undefined };
  });
}

/**
 * Publishers and latest versions (with their provenance) for a page of nodes: one statement
 * (readBundles). With `publishedBy` (a minimum release age), "latest" is the newest version published by
 * then instead of nodes.latest_version_id (services/versions/aged-latest.ts): publishers and those
 * versions side by side, then their provenance.
 */
export async function loadNodeBundles(
  db: Db,
  rows: NodeRow[],
  options: { publishedBy?: Date | undefined } = {},
): Promise<NodeBundle[]> {
  const { publishedBy } = options;
  if (rows.length === 0) return [];
  if (!publishedBy) return readBundles(db, rows);
  const publisherIds = [...new Set(rows.map((n) => n.publisherId))];
  const [publisherRows, aged] = await Promise.all([
    db.select().from(publishers).where(inArray(publishers.id, publisherIds)),
    latestPublishedBy(
      db,
      rows.map((n) => n.id),
      publishedBy,
    ),
  ]);
  const publisherById = new Map(publisherRows.map((p) => [p.id, p]));
  const bundles = rows.map((node) => ({
    node,
    publisher: publisherById.get(node.publisherId),
    latest: withAged(aged.get(node.id)),
  }));
  const provenance = await loadProvenanceBriefs(
    db,
    bundles.flatMap((bundle) => (bundle.latest ? [bundle.latest.version.id] : [])),
  );
  return bundles.map((bundle) => ({
    ...bundle,
    latestProvenance: bundle.latest ? provenance.get(bundle.latest.version.id) : undefined,
  }));
}
