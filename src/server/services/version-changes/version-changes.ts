import { and, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../db/client.ts';
import type { NodeRow, NodeVersionRow } from '../../db/rows.ts';
import { archives, nodeVersions, versionScanFindings, versionScans } from '../../db/schema/index.ts';
import { ApiError, badRequest } from '../../errors.ts';
import { compareCapabilities, type CapabilityComparison } from '../../analysis/capabilities/compare-capabilities.ts';
import { previousActiveVersion } from '../versions/previous-active.ts';
import { normalizeVersion } from '../versions/semver.ts';
import { archiveEntries, compareEntries, type FileChanges } from './file-changes.ts';
import { compareFindings, type RuleFindingChanges } from './finding-changes.ts';

// What changed between two versions of one node: files (from the archives' directories), scan
// findings by rule, and capabilities gained or lost (from the stored scan records). Publishers see
// any version that is not deleted and every finding; the public twin only Active versions and the
// findings the node page shows anyone (medium and low: critical/high never leave review).

export type ChangesAudience = 'publisher' | 'public';

export interface VersionChanges {
  node_id: string;
  version: string;
  from: string;
  /** Null when either archive is missing or unreadable. */
  files: FileChanges | null;
  /** Null until both versions have been scanned. */
  findings: RuleFindingChanges[] | null;
  /** Null until both versions have a capability summary (a rescan or the backfill fills older ones). */
  capabilities: CapabilityComparison | null;
}

const PUBLIC_SEVERITIES = ['medium', 'low'] as const;

async function findVersion(db: Db, node: NodeRow, ref: string, audience: ChangesAudience): Promise<NodeVersionRow> {
  const number = normalizeVersion(ref) ?? ref;
  const [row] = await db
    .select()
    .from(nodeVersions)
    .where(and(eq(nodeVersions.nodeId, node.id), eq(nodeVersions.version, number)))
    .limit(1);
  const visible =
    row &&
    row.status !== 'NodeVersionStatusDeleted' &&
    (audience === 'publisher' || row.status === 'NodeVersionStatusActive');
  if (!visible) throw new ApiError(404, 'version_not_found', `Version "${ref}" of node "${node.id}" not found.`);
  return row;
}

async function entriesOf(services: AppDeps, version: NodeVersionRow) {
  if (!version.archiveId) return null;
  const [archive] = await services.db
    .select({ key: archives.key, uploadedAt: archives.uploadedAt })
    .from(archives)
    .where(eq(archives.id, version.archiveId));
  if (!archive?.uploadedAt) return null;
  const bytes = await services.storage.get(archive.key);
  return bytes ? archiveEntries(bytes) : null;
}

async function findingsOf(db: Db, versionId: string, audience: ChangesAudience) {
  const where =
    audience === 'public'
      ? and(
          eq(versionScanFindings.nodeVersionId, versionId),
          inArray(versionScanFindings.severity, [...PUBLIC_SEVERITIES]),
        )
      : eq(versionScanFindings.nodeVersionId, versionId);
  return db
    .select({
      ruleId: versionScanFindings.ruleId,
      severity: versionScanFindings.severity,
      file: versionScanFindings.file,
      line: versionScanFindings.line,
      snippet: versionScanFindings.snippet,
    })
    .from(versionScanFindings)
    .where(where);
}

async function scanOf(db: Db, versionId: string) {
  const [row] = await db
    .select({ outcome: versionScans.outcome, capabilities: versionScans.capabilities })
    .from(versionScans)
    .where(eq(versionScans.nodeVersionId, versionId));
  return row && row.outcome !== 'failed' ? row : null;
}

/** No `from`: the version the capability hold compares with (services/versions/previous-active.ts). */
async function previousOf(db: Db, version: NodeVersionRow): Promise<NodeVersionRow> {
  const previous = await previousActiveVersion(db, version);
  if (!previous) {
    throw new ApiError(
      404,
      'no_previous_version',
      `Version ${version.version} has no earlier Active version to compare with: name one with ?from=.`,
    );
  }
  return previous;
}

export async function versionChanges(
  services: AppDeps,
  node: NodeRow,
  request: { version: string; from: string | null; audience: ChangesAudience },
): Promise<VersionChanges> {
  const { db } = services;
  const to = await findVersion(db, node, request.version, request.audience);
  const from =
    request.from === null ? await previousOf(db, to) : await findVersion(db, node, request.from, request.audience);
  if (to.id === from.id) {
    throw badRequest(`"from" names version ${to.version} itself: compare it with another version.`, 'same_version');
  }
  const [toEntries, fromEntries, toScan, fromScan] = await Promise.all([
    entriesOf(services, to),
    entriesOf(services, from),
    scanOf(db, to.id),
    scanOf(db, from.id),
  ]);
  const scanned = toScan && fromScan;
  const [toFindings, fromFindings] = scanned
    ? await Promise.all([findingsOf(db, to.id, request.audience), findingsOf(db, from.id, request.audience)])
    : [[], []];
  return {
    node_id: node.id,
    version: to.version,
    from: from.version,
    files: toEntries && fromEntries ? compareEntries(fromEntries, toEntries) : null,
    findings: scanned ? compareFindings(fromFindings, toFindings) : null,
    capabilities:
      toScan?.capabilities && fromScan?.capabilities
        ? compareCapabilities(fromScan.capabilities, toScan.capabilities)
        : null,
  };
}
