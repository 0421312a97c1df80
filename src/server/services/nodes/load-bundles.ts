import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { NodeRow, NodeVersionRow, PublisherRow } from '../../db/rows.ts';
import { archives, nodeVersions, publishers } from '../../db/schema/index.ts';

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

export interface NodeBundle {
  node: NodeRow;
  publisher: PublisherRow | undefined;
  latest: VersionWithArchive | undefined;
}

/** Versions with their archive state, for any set of version ids (one query). */
export async function loadVersionsWithArchive(db: Db, versionIds: string[]): Promise<Map<string, VersionWithArchive>> {
  if (versionIds.length === 0) return new Map();
  const rows = await db
    .select({ version: nodeVersions, ...archiveFacts })
    .from(nodeVersions)
    .leftJoin(archives, eq(archives.id, nodeVersions.archiveId))
    .where(inArray(nodeVersions.id, versionIds));
  return new Map(rows.map((r) => [r.version.id, withArchive(r)]));
}

/** Publishers and latest versions for a page of nodes, in two queries however long the page. */
export async function loadNodeBundles(db: Db, rows: NodeRow[]): Promise<NodeBundle[]> {
  const publisherIds = [...new Set(rows.map((n) => n.publisherId))];
  const latestIds = rows.flatMap((n) => (n.latestVersionId ? [n.latestVersionId] : []));
  const [publisherRows, latest] = await Promise.all([
    publisherIds.length ? db.select().from(publishers).where(inArray(publishers.id, publisherIds)) : [],
    loadVersionsWithArchive(db, latestIds),
  ]);
  const publisherById = new Map(publisherRows.map((p) => [p.id, p]));
  return rows.map((node) => ({
    node,
    publisher: publisherById.get(node.publisherId),
    latest: node.latestVersionId ? latest.get(node.latestVersionId) : undefined,
  }));
}
