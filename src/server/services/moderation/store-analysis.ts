import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { NodeVersionRow } from '../../db/rows.ts';
import {
  comfyNodeCollisions,
  comfyNodes,
  nodes,
  nodeVersions,
  versionScanFindings,
  versionScans,
} from '../../db/schema/index.ts';
import type { ExtractedNode } from '../../analysis/extract/node-info.ts';
import type { CapabilitySummary } from '../../analysis/capabilities/capability.ts';
import type { Finding } from '../../analysis/scan/finding.ts';
import { SEVERITY_ORDER } from '../../analysis/scan/finding.ts';

// Row writes of the pipeline, each replacing what an earlier scan of the same version stored, so
// running the pipeline twice gives the same rows (retries and rescans are safe).

/** Findings kept per version: the worst first. A pack with more is flagged long before. */
const MAX_STORED_FINDINGS = 1000;
const CHUNK = 500;

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

export async function replaceFindings(tx: Db, versionId: string, findings: Finding[], rulesetVersion: string) {
  await tx.delete(versionScanFindings).where(eq(versionScanFindings.nodeVersionId, versionId));
  const kept = [...findings]
    .sort((a, b) => SEVERITY_ORDER.indexOf(a.severity) - SEVERITY_ORDER.indexOf(b.severity))
    .slice(0, MAX_STORED_FINDINGS);
  await insertChunked(kept, (chunk) =>
    tx.insert(versionScanFindings).values(chunk.map((f) => ({ ...f, nodeVersionId: versionId, rulesetVersion }))),
  );
}

export async function replaceComfyNodes(tx: Db, versionId: string, extracted: ExtractedNode[]) {
  await tx.delete(comfyNodes).where(eq(comfyNodes.nodeVersionId, versionId));
  await insertChunked(extracted, (chunk) =>
    tx.insert(comfyNodes).values(chunk.map((node) => ({ ...node, nodeVersionId: versionId }))),
  );
}

/** Records which of this version's class names other packs' current versions also define. */
export async function replaceCollisions(tx: Db, version: NodeVersionRow, names: string[]) {
  await tx.delete(comfyNodeCollisions).where(eq(comfyNodeCollisions.nodeVersionId, version.id));
  if (names.length === 0) return 0;
  const clashes = await tx
    .selectDistinct({ name: comfyNodes.name, otherNodeId: nodes.id })
    .from(comfyNodes)
    .innerJoin(nodes, eq(nodes.latestVersionId, comfyNodes.nodeVersionId))
    .where(and(inArray(comfyNodes.name, names), ne(nodes.id, version.nodeId), ne(nodes.status, 'NodeStatusDeleted')));
  await insertChunked(clashes, (chunk) =>
    tx
      .insert(comfyNodeCollisions)
      .values(chunk.map((c) => ({ nodeVersionId: version.id, comfyNodeName: c.name, otherNodeId: c.otherNodeId })))
      .onConflictDoNothing(),
  );
  return clashes.length;
}

export interface ScanRecord {
  outcome: 'clean' | 'flagged' | 'failed';
  rulesetVersion: string;
  filesScanned: number;
  bytesScanned: number;
  durationMs: number;
  skipped: number;
  error: string | null;
  appliedStatus: string | null;
  appliedReason: string | null;
  /** What the code can do (analysis/capabilities/); left as it was when absent (a re-check that only flags). */
  capabilities?: CapabilitySummary | null;
}

export async function upsertScanRecord(tx: Db, versionId: string, record: ScanRecord) {
  const values = { ...record, scannedAt: sql`now()` };
  await tx
    .insert(versionScans)
    .values({ nodeVersionId: versionId, ...values })
    .onConflictDoUpdate({ target: versionScans.nodeVersionId, set: values });
}

/**
 * `GET /nodes?timestamp=` lists nodes by updated_at: bump it whenever what a node shows changed (search
 * and the response cache follow the change feed instead, which the database's triggers write).
 */
export async function touchNode(tx: Db, nodeId: string) {
  await tx
    .update(nodes)
    .set({ updatedAt: sql`GREATEST(clock_timestamp(), ${nodes.updatedAt})` })
    .where(eq(nodes.id, nodeId));
}

/** The version row, locked for the rest of the transaction (an admin edit waits, or we see it). */
export async function lockVersion(tx: Db, versionId: string): Promise<NodeVersionRow | undefined> {
  const [row] = await tx.select().from(nodeVersions).where(eq(nodeVersions.id, versionId)).for('update');
  return row;
}

/**
 * Whether the pipeline may set this version's status: it is still Pending, or it is Flagged by an
 * earlier scan (and nobody changed it since). An admin's decision is never overturned by a scan.
 */
export async function pipelineMayDecide(tx: Db, version: NodeVersionRow): Promise<boolean> {
  if (version.status === 'NodeVersionStatusPending') return true;
  if (version.status !== 'NodeVersionStatusFlagged') return false;
  const [last] = await tx.select().from(versionScans).where(eq(versionScans.nodeVersionId, version.id));
  return last?.appliedStatus === 'NodeVersionStatusFlagged' && last.appliedReason === version.statusReason;
}
