import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { ArchiveRow, NodeRow, NodeVersionRow } from '../../db/rows.ts';
import { archives, nodeVersions } from '../../db/schema/index.ts';
import { forbidden, notFound } from '../../errors.ts';
import { refuseQuarantined } from '../quarantine/refuse-quarantined.ts';
import { getVisibleNode } from '../nodes/find-node.ts';
import { normalizeVersion } from '../versions/semver.ts';

export interface DownloadableArchive {
  node: NodeRow;
  version: NodeVersionRow;
  archive: ArchiveRow & { sha256: string; size: number };
}

function refuseStatus(version: NodeVersionRow, nodeId: string): void {
  const label = `Version ${version.version} of node ${nodeId}`;
  switch (version.status) {
    case 'NodeVersionStatusActive':
      return;
    case 'NodeVersionStatusBanned':
      throw forbidden(`${label} is banned and cannot be downloaded.`, 'version_banned');
    case 'NodeVersionStatusDeleted':
      throw notFound(`${label} was deleted.`);
    case 'NodeVersionStatusPending':
      throw notFound(`${label} is awaiting review and cannot be downloaded yet.`);
    case 'NodeVersionStatusFlagged':
      throw notFound(`${label} is under review and cannot be downloaded.`);
  }
}

/**
 * The archive behind a downloadUrl, if it may be served: the node is visible (404 unknown or
 * deleted, 403 banned), the version is Active (deprecated ones too) and its zip was accepted.
 * Upstream served every zip from a public bucket, banned ones included; we check on each request.
 */
export async function findDownloadableArchive(
  db: Db,
  nodeId: string,
  rawVersion: string,
): Promise<DownloadableArchive> {
  const node = await getVisibleNode(db, nodeId);
  const version = normalizeVersion(rawVersion) ?? rawVersion;
  const [row] = await db
    .select({ version: nodeVersions, archive: archives })
    .from(nodeVersions)
    .leftJoin(archives, eq(archives.id, nodeVersions.archiveId))
    .where(and(eq(nodeVersions.nodeId, node.id), eq(nodeVersions.version, version)))
    .limit(1);
  if (!row) throw notFound(`Version ${version} of node ${node.id} not found.`);
  refuseStatus(row.version, node.id);
  refuseQuarantined(row.version, node.id);
  const archive = row.archive;
  if (!archive?.uploadedAt || archive.sha256 === null || archive.size === null) {
    throw notFound(`Version ${version} of node ${node.id} has no uploaded archive.`);
  }
  return { node, version: row.version, archive: { ...archive, sha256: archive.sha256, size: archive.size } };
}
