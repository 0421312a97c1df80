import { z } from 'zod';
import { and, asc, eq, gt, isNotNull, isNull, ne, or } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../db/client.ts';
import { archives, jobs, nodeVersions, versionScans } from '../../db/schema/index.ts';
import { defineJobKind, type TypedJob } from '../../jobs/job-kind.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import type { JobHandler } from '../../jobs/worker.ts';
import { AnalysisAborted, analyzeInThread } from '../../analysis/thread/analyze-in-thread.ts';

// The `capabilities.backfill` job: versions scanned before capability summaries existed get one
// from their stored archive (the same analysis thread as a scan; nothing else of the scan record,
// the findings or the status is touched). Batches ordered by version id, each job queuing the next,
// so a restart repeats at most one batch. Until a version has its summary, the changes routes
// answer `capabilities: null` for it and the hold cannot compare with it.

export const CAPABILITIES_BACKFILL_JOB = defineJobKind({
  name: 'capabilities.backfill',
  /** `after`: the last version id of the previous batch (absent: from the start). */
  payload: z.object({ after: z.guid().optional() }),
  // One waiting batch per starting point: each batch queues the next itself.
  dedupeKey: ({ after }) => after ?? 'start',
});
/** Each version is a full analysis (seconds for a big pack): small batches keep a job short. */
const BATCH = 10;

export interface CapabilitiesBackfillSummary {
  stored: number;
  /** Version ids whose archive is missing from storage or could not be analysed (left null). */
  skipped: string[];
}

const lacksCapabilities = and(
  isNull(versionScans.capabilities),
  ne(versionScans.outcome, 'failed'),
  isNotNull(archives.uploadedAt),
);

function scannedWithoutCapabilities(db: Db) {
  return db
    .select({ versionId: versionScans.nodeVersionId, key: archives.key, sha256: archives.sha256 })
    .from(versionScans)
    .innerJoin(nodeVersions, eq(nodeVersions.id, versionScans.nodeVersionId))
    .innerJoin(archives, eq(archives.id, nodeVersions.archiveId));
}

async function storeBatch(services: AppDeps, after: string | undefined, summary: CapabilitiesBackfillSummary) {
  const batch = await scannedWithoutCapabilities(services.db)
    .where(and(lacksCapabilities, after === undefined ? undefined : gt(versionScans.nodeVersionId, after)))
    .orderBy(asc(versionScans.nodeVersionId))
    .limit(BATCH);
  for (const row of batch) {
    const bytes = await services.storage.get(row.key);
    if (!bytes) {
      summary.skipped.push(row.versionId);
      continue;
    }
    const request = { bytes, sha256: row.sha256, maxArchiveBytes: services.config.maxArchiveBytes };
    try {
      const { scan } = await analyzeInThread(request, services.config.analysisLimits);
      // Only where a scan has not filled it meanwhile (a rescan's summary is as new as this one).
      await services.db
        .update(versionScans)
        .set({ capabilities: scan.capabilities })
        .where(and(eq(versionScans.nodeVersionId, row.versionId), isNull(versionScans.capabilities)));
      summary.stored += 1;
    } catch (error) {
      // A pack over the analysis caps stays without a summary; anything else is worth a retry.
      if (!(error instanceof AnalysisAborted)) throw error;
      summary.skipped.push(row.versionId);
    }
  }
  return batch.length === BATCH ? batch[batch.length - 1]!.versionId : null;
}

/** Every batch now, in this process (tests); the job does the same one batch at a time. */
export async function backfillCapabilities(services: AppDeps): Promise<CapabilitiesBackfillSummary> {
  const summary: CapabilitiesBackfillSummary = { stored: 0, skipped: [] };
  let after: string | undefined;
  for (;;) {
    const next = await storeBatch(services, after, summary);
    if (next === null) return summary;
    after = next;
  }
}

/**
 * At start-up: queues the backfill when some scanned version has no summary and none is already
 * queued or running. Two instances starting together queue one (the kind's dedupe key).
 */
export async function queueCapabilitiesBackfill(db: Db): Promise<boolean> {
  const [pending] = await scannedWithoutCapabilities(db).where(lacksCapabilities).limit(1);
  if (!pending) return false;
  const [queued] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(eq(jobs.kind, CAPABILITIES_BACKFILL_JOB.name), or(eq(jobs.status, 'queued'), eq(jobs.status, 'running'))),
    )
    .limit(1);
  if (queued) return false;
  await enqueueJob(db, CAPABILITIES_BACKFILL_JOB, {});
  return true;
}

async function run(services: AppDeps, job: TypedJob<{ after?: string | undefined }>) {
  const next = await storeBatch(services, job.payload.after, { stored: 0, skipped: [] });
  if (next === null) return;
  await services.jobs.enqueue(CAPABILITIES_BACKFILL_JOB, { after: next });
}

export function capabilitiesBackfillHandler(): JobHandler<{ after?: string | undefined }> {
  return { kind: CAPABILITIES_BACKFILL_JOB, run };
}
