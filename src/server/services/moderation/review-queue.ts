import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { NodeRow, NodeVersionRow } from '../../db/rows.ts';
import {
  archives,
  nodes,
  nodeVersions,
  versionScanFindings,
  versionScans,
  type NodeVersionStatus,
} from '../../db/schema/index.ts';
import { openReviewRequests } from './review-requests.ts';
import { pageOffset, type Paging } from '../../../lib/paging.ts';
import { compareVersionsDesc } from '../versions/semver.ts';

type FindingRow = typeof versionScanFindings.$inferSelect;

export interface QueueFinding {
  rule_id: string;
  severity: string;
  line: number | null;
  snippet: string;
  message: string;
  /** The same rule, file and snippet were in the node's previously approved version. */
  knownInPreviousVersion: boolean;
}

export interface QueueItem {
  version: NodeVersionRow;
  hasArchive: boolean;
  sha256: string | null;
  node: NodeRow;
  previousApprovedVersion: string | null;
  scan: { outcome: string; rulesetVersion: string; scannedAt: Date; error: string | null } | null;
  files: { file: string; findings: QueueFinding[] }[];
  /** The publisher's open request for another look, with their message. */
  reviewRequest: { message: string; requestedBy: string | null; createdAt: Date } | null;
}

export interface ReviewQueueQuery extends Paging {
  statuses?: NodeVersionStatus[] | undefined;
  nodeId?: string | undefined;
}

const SEVERITY_RANK: Record<string, number> = { critical: 0, high: 1, medium: 2, low: 3 };
const findingKey = (f: Pick<FindingRow, 'ruleId' | 'file' | 'snippet'>) =>
  `${f.ruleId}\u0000${f.file}\u0000${f.snippet}`;

/** The highest Active version below this one: what was last approved before it. */
function previousApproved(version: NodeVersionRow, active: NodeVersionRow[]): NodeVersionRow | undefined {
  return active
    .filter((v) => v.nodeId === version.nodeId && v.id !== version.id)
    .filter((v) => compareVersionsDesc(v.version, version.version) > 0)
    .sort((a, b) => compareVersionsDesc(a.version, b.version))[0];
}

/** Findings of one version grouped by file (files by path, worst finding first inside a file). */
function groupByFile(findings: FindingRow[], known: Set<string>): QueueItem['files'] {
  const files = new Map<string, QueueFinding[]>();
  const sorted = [...findings].sort(
    (a, b) =>
      a.file.localeCompare(b.file) ||
      (SEVERITY_RANK[a.severity] ?? 9) - (SEVERITY_RANK[b.severity] ?? 9) ||
      (a.line ?? 0) - (b.line ?? 0),
  );
  for (const f of sorted) {
    const list = files.get(f.file) ?? [];
    list.push({
      rule_id: f.ruleId,
      severity: f.severity,
      line: f.line,
      snippet: f.snippet,
      message: f.message,
      knownInPreviousVersion: known.has(findingKey(f)),
    });
    files.set(f.file, list);
  }
  return [...files].map(([file, list]) => ({ file, findings: list }));
}

/**
 * Versions waiting for a decision (Pending and Flagged by default), oldest first, each with its
 * node, its scan verdict and its findings grouped by file. Findings also present in the node's
 * previously approved version are marked, so reviewers can focus on what is new. A fixed number of
 * queries per page, whatever its length.
 */
export async function reviewQueue(db: Db, query: ReviewQueueQuery): Promise<{ items: QueueItem[]; total: number }> {
  const statuses: NodeVersionStatus[] = query.statuses?.length
    ? [...new Set(query.statuses)]
    : ['NodeVersionStatusFlagged', 'NodeVersionStatusPending'];
  const where = and(
    inArray(nodeVersions.status, statuses),
    query.nodeId?.trim() ? eq(nodes.normalizedId, query.nodeId.trim().toLowerCase()) : undefined,
    inArray(nodes.status, ['NodeStatusActive', 'NodeStatusBanned']),
  );
  const [rows, totals] = await Promise.all([
    db
      .select({ version: nodeVersions, node: nodes, uploadedAt: archives.uploadedAt, sha256: archives.sha256 })
      .from(nodeVersions)
      .innerJoin(nodes, eq(nodes.id, nodeVersions.nodeId))
      .leftJoin(archives, eq(archives.id, nodeVersions.archiveId))
      .where(where)
      .orderBy(asc(nodeVersions.createdAt), asc(nodeVersions.id))
      .limit(query.limit)
      .offset(pageOffset(query)),
    db.select({ total: count() }).from(nodeVersions).innerJoin(nodes, eq(nodes.id, nodeVersions.nodeId)).where(where),
  ]);
  if (rows.length === 0) return { items: [], total: totals[0]?.total ?? 0 };

  const nodeIds = [...new Set(rows.map((r) => r.node.id))];
  const active = await db
    .select()
    .from(nodeVersions)
    .where(and(inArray(nodeVersions.nodeId, nodeIds), eq(nodeVersions.status, 'NodeVersionStatusActive')));
  const previousOf = new Map(rows.map((r) => [r.version.id, previousApproved(r.version, active)]));
  const versionIds = [
    ...new Set([...rows.map((r) => r.version.id), ...[...previousOf.values()].flatMap((v) => (v ? [v.id] : []))]),
  ];
  const [findings, scans, requests] = await Promise.all([
    db.select().from(versionScanFindings).where(inArray(versionScanFindings.nodeVersionId, versionIds)),
    db.select().from(versionScans).where(inArray(versionScans.nodeVersionId, versionIds)),
    openReviewRequests(
      db,
      rows.map((r) => r.version),
    ),
  ]);
  const findingsOf = (id: string) => findings.filter((f) => f.nodeVersionId === id);
  const scanOf = new Map(scans.map((s) => [s.nodeVersionId, s]));

  const items = rows.map(({ version, node, uploadedAt, sha256 }) => {
    const previous = previousOf.get(version.id);
    const known = new Set(previous ? findingsOf(previous.id).map(findingKey) : []);
    const scan = scanOf.get(version.id);
    const request = requests.get(version.id);
    return {
      version,
      hasArchive: uploadedAt != null,
      sha256: uploadedAt != null ? sha256 : null,
      node,
      previousApprovedVersion: previous?.version ?? null,
      scan: scan
        ? { outcome: scan.outcome, rulesetVersion: scan.rulesetVersion, scannedAt: scan.scannedAt, error: scan.error }
        : null,
      files: groupByFile(findingsOf(version.id), known),
      reviewRequest: request
        ? { message: request.message, requestedBy: request.requestedByUserId, createdAt: request.createdAt }
        : null,
    };
  });
  return { items, total: totals[0]?.total ?? 0 };
}
