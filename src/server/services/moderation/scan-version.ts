import { z } from 'zod';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { NodeVersionRow } from '../../db/rows.ts';
import { archives, nodeVersions } from '../../db/schema/index.ts';
import type { JobHandler } from '../../jobs/worker.ts';
import { defineJobKind, type TypedJob } from '../../jobs/job-kind.ts';
import type { AppDeps } from '../../app-deps.ts';
import { recordAudit } from '../audit/record.ts';
import { refreshLatestVersion } from '../versions/latest.ts';
import { AnalysisAborted, analyzeInThread } from '../../analysis/thread/analyze-in-thread.ts';
import { PermanentJobError } from '../../jobs/permanent-error.ts';
import type { Analysis } from '../../analysis/analyze-archive.ts';
import {
  lockVersion,
  pipelineMayDecide,
  replaceCollisions,
  replaceComfyNodes,
  replaceFindings,
  touchNode,
  upsertScanRecord,
} from './store-analysis.ts';
import { readmeOfScannedArchive, storeVersionReadme } from '../readmes/store-version-readme.ts';
import { banHoldOf } from './ban-hold.ts';
import { gainedCapabilityFindings } from './capability-hold.ts';
import { SCAN_FAILED_REASON, verdictFor } from './verdict.ts';
import { emitVersionStatusChanged } from '../webhooks/version-events.ts';

// The `version.scan` job: re-validate → scan → extract (all read-only), then ONE transaction
// stores findings, node classes and collisions and sets the version Active or Flagged.

export const VERSION_SCAN_JOB = defineJobKind({
  name: 'version.scan',
  payload: z.object({
    versionId: z.guid(),
    /** Set when a publisher asked for it (rescan.ts); a scan after an upload has none. */
    reason: z.literal('rescan').optional(),
  }),
  // One waiting scan per version: a second would analyse the same bytes under the same rules.
  dedupeKey: ({ versionId }) => versionId,
});
type ScanJob = TypedJob<z.output<typeof VERSION_SCAN_JOB.payload>>;

const SYSTEM = { userId: null, kind: 'system' as const };

export interface VersionScanHooks {
  /** Runs inside the final transaction after every write (tests use it to crash mid-commit). */
  beforeCommit?: (tx: Db) => Promise<void>;
  /** Runs between the analysis and the final transaction (tests ban someone "while the scan runs"). */
  afterAnalysis?: () => Promise<void>;
}

async function loadTarget(services: AppDeps, versionId: string) {
  const [row] = await services.db
    .select({ version: nodeVersions, archive: archives })
    .from(nodeVersions)
    .leftJoin(archives, eq(archives.id, nodeVersions.archiveId))
    .where(eq(nodeVersions.id, versionId));
  return row;
}

/** What the final transaction stores: the analysis, and the README found in the same bytes. */
interface ScanResult {
  analysis: Analysis;
  readme: string | null;
}

async function store(
  tx: Db,
  services: AppDeps,
  versionId: string,
  { analysis, readme }: ScanResult,
  hooks: VersionScanHooks,
) {
  const version = await lockVersion(tx, versionId);
  if (!version || version.status === 'NodeVersionStatusDeleted' || version.status === 'NodeVersionStatusBanned') return;
  const { scan, extraction } = analysis;
  const decide = await pipelineMayDecide(tx, version);
  // An update gaining a power the operator holds for review (HOLD_ON_GAINED_CAPABILITIES) gets PY920 findings.
  const gained = decide
    ? await gainedCapabilityFindings(tx, version, scan.capabilities, services.config.holdOnGainedCapabilities)
    : [];
  const findings = gained.length > 0 ? [...scan.findings, ...gained] : scan.findings;
  const verdict = verdictFor(findings, scan.rulesetVersion);
  // Banned since the upload (node, publisher or publishing account): held, never Active (ban-hold.ts).
  const held = decide ? await banHoldOf(tx, version) : null;
  const applied = held ? { status: 'NodeVersionStatusFlagged' as const, reason: held.reason } : verdict;

  await replaceFindings(tx, version.id, findings, scan.rulesetVersion);
  await replaceComfyNodes(tx, version.id, extraction.nodes);
  // Rendered once here, so the node page never reads the archive (services/readmes/).
  await storeVersionReadme(tx, services, version, readme);
  const collisions = await replaceCollisions(
    tx,
    version,
    extraction.nodes.map((n) => n.name),
  );
  const [after] = await tx
    .update(nodeVersions)
    .set({
      comfyNodeExtractStatus: extraction.status,
      ...(decide ? { status: applied.status, statusReason: applied.reason } : {}),
      updatedAt: services.clock.now(),
    })
    .where(eq(nodeVersions.id, version.id))
    .returning();
  await upsertScanRecord(tx, version.id, {
    outcome: verdict.status === 'NodeVersionStatusFlagged' ? 'flagged' : 'clean',
    rulesetVersion: scan.rulesetVersion,
    filesScanned: scan.filesScanned,
    bytesScanned: scan.bytesScanned,
    durationMs: scan.durationMs + extraction.durationMs,
    skipped: scan.skipped,
    error: null,
    // A ban hold is not the scanner's decision: a later rescan must not lift it.
    appliedStatus: decide && !held ? verdict.status : null,
    appliedReason: decide && !held ? verdict.reason : null,
    capabilities: scan.capabilities,
  });
  await refreshLatestVersion(tx, version.nodeId);
  await touchNode(tx, version.nodeId);
  await recordAudit(tx, {
    actor: SYSTEM,
    action: held ? 'node_version.scan_held' : 'node_version.scan',
    targetType: 'node_version',
    targetId: version.id,
    before: { status: version.status, statusReason: version.statusReason },
    after: {
      ...(held ? { heldFor: held.code, verdict: verdict.status } : {}),
      status: after!.status,
      statusReason: after!.statusReason,
      rulesetVersion: scan.rulesetVersion,
      findings: verdict.counts,
      comfyNodes: extraction.nodes.length,
      extraction: extraction.status,
      collisions,
    },
  });
  // The publisher's webhooks hear the verdict (Active, or Flagged with the findings just stored).
  if (decide) await emitVersionStatusChanged(tx, version.status, after!);
  await hooks.beforeCommit?.(tx);
}

async function run(services: AppDeps, job: ScanJob, hooks: VersionScanHooks) {
  const { versionId } = job.payload;
  const target = await loadTarget(services, versionId);
  // Gone, closed, or its zip not accepted yet (acceptance enqueues again): nothing to do.
  if (!target?.archive?.uploadedAt) return;
  if (['NodeVersionStatusDeleted', 'NodeVersionStatusBanned'].includes(target.version.status)) return;
  const bytes = await services.storage.get(target.archive.key);
  if (!bytes) throw new Error('The accepted archive is missing from storage.');
  const request = { bytes, sha256: target.archive.sha256, maxArchiveBytes: services.config.maxArchiveBytes };
  const analysis = await analyzeInThread(request, services.config.analysisLimits).catch((error: unknown) => {
    // Out of memory or time: another attempt would end the same way.
    throw error instanceof AnalysisAborted ? new PermanentJobError(error.message) : error;
  });
  await hooks.afterAnalysis?.();
  const result = { analysis, readme: readmeOfScannedArchive(bytes) };
  await services.db.transaction((tx) => store(tx, services, versionId, result, hooks));
}

/** Out of attempts: never leave the version Pending. Flag it for a human with "scan failed". */
async function giveUp(tx: Db, job: ScanJob, error: string, now: Date) {
  const version: NodeVersionRow | undefined = await lockVersion(tx, job.payload.versionId);
  if (!version || !(await pipelineMayDecide(tx, version))) return;
  await tx
    .update(nodeVersions)
    .set({ status: 'NodeVersionStatusFlagged', statusReason: SCAN_FAILED_REASON, updatedAt: now })
    .where(eq(nodeVersions.id, version.id));
  await upsertScanRecord(tx, version.id, {
    outcome: 'failed',
    rulesetVersion: '',
    filesScanned: 0,
    bytesScanned: 0,
    durationMs: 0,
    skipped: 0,
    error,
    appliedStatus: 'NodeVersionStatusFlagged',
    appliedReason: SCAN_FAILED_REASON,
  });
  await refreshLatestVersion(tx, version.nodeId);
  await touchNode(tx, version.nodeId);
  await recordAudit(tx, {
    actor: SYSTEM,
    action: 'node_version.scan_failed',
    targetType: 'node_version',
    targetId: version.id,
    before: { status: version.status, statusReason: version.statusReason },
    after: { status: 'NodeVersionStatusFlagged', statusReason: SCAN_FAILED_REASON, error },
  });
}

export function versionScanHandler(hooks: VersionScanHooks = {}): JobHandler<ScanJob['payload']> {
  return { kind: VERSION_SCAN_JOB, run: (services, job) => run(services, job, hooks), onGiveUp: giveUp };
}
