import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedPerDb } from '../../db/prepared.ts';
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

/**
 * Publishers and latest versions (with their provenance) for a page of nodes, in three queries read
 * side by side however long the page (a fourth after them under a minimum release age). With
 * `publishedBy` (a minimum release age), "latest" is the newest version published by then instead of
 * nodes.latest_version_id (services/versions/aged-latest.ts).
 */
export async function loadNodeBundles(
  db: Db,
  rows: NodeRow[],
  options: { publishedBy?: Date | undefined } = {},
): Promise<NodeBundle[]> {
  const publisherIds = [...new Set(rows.map((n) => n.publisherId))];
  const latestIds = rows.flatMap((n) => (n.latestVersionId ? [n.latestVersionId] : []));
  const { publishedBy } = options;
  const [publisherRows, latest, aged, latestProvenance] = await Promise.all([
    publisherIds.length ? db.select().from(publishers).where(inArray(publishers.id, publisherIds)) : [],
    publishedBy ? new Map<string, VersionWithArchive>() : loadVersionsWithArchive(db, latestIds),
    publishedBy
      ? latestPublishedBy(
          db,
          rows.map((n) => n.id),
          publishedBy,
        )
      : undefined,
    // The nodes' latest versions are known by id: their provenance is read in the same round.
    publishedBy ? undefined : loadProvenanceBriefs(db, latestIds),
  ]);
  const publisherById = new Map(publisherRows.map((p) => [p.id, p]));
  const bundles = rows.map((node) => ({
    node,
    publisher: publisherById.get(node.publisherId),
    latest: aged ? withAged(aged.get(node.id)) : node.latestVersionId ? latest.get(node.latestVersionId) : undefined,
  }));
  // The latest versions' provenance (issue 28.6): under a minimum release age, once they are known.
  const provenance =
    latestProvenance ??
    (await loadProvenanceBriefs(
      db,
      bundles.flatMap((bundle) => (bundle.latest ? [bundle.latest.version.id] : [])),
    ));
  return bundles.map((bundle) => ({
    ...bundle,
    latestProvenance: bundle.latest ? provenance.get(bundle.latest.version.id) : undefined,
  }));
}
