import { and, asc, eq, inArray, isNotNull, notExists, notInArray, sql } from 'drizzle-orm';
import { archives, jobs, nodeVersions } from '../../db/schema/index.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { VERSION_SCAN_JOB } from '../moderation/scan-version.ts';
import type { AppDeps } from '../../app-deps.ts';

// POST /comfy-nodes/backfill: versions whose node classes were never extracted get an extraction
// job. Our extraction runs inside the upload pipeline's job (it is read-only analysis, and a scan
// never overturns an admin's status decision), so that is the job queued here.

export const DEFAULT_BACKFILL_VERSIONS = 10;
export const MAX_BACKFILL_VERSIONS = 500;

/**
 * Queues extraction for up to `limit` versions (oldest first) that still have no result, whose
 * archive is uploaded, that are not deleted or banned, and that have no job waiting or running
 * (so calling it again does not queue the same versions twice, unlike upstream). Returns their ids.
 */
export async function backfillComfyNodes(
  { db, jobs: queue }: Pick<AppDeps, 'db' | 'jobs'>,
  limit: number,
): Promise<string[]> {
  const openJob = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        eq(jobs.kind, VERSION_SCAN_JOB.name),
        inArray(jobs.status, ['queued', 'running']),
        sql`${jobs.payload}->>'versionId' = ${nodeVersions.id}::text`,
      ),
    );
  const due = await db
    .select({ id: nodeVersions.id })
    .from(nodeVersions)
    .innerJoin(archives, eq(archives.id, nodeVersions.archiveId))
    .where(
      and(
        eq(nodeVersions.comfyNodeExtractStatus, 'pending'),
        notInArray(nodeVersions.status, ['NodeVersionStatusDeleted', 'NodeVersionStatusBanned']),
        isNotNull(archives.uploadedAt),
        notExists(openJob),
      ),
    )
    .orderBy(asc(nodeVersions.createdAt), asc(nodeVersions.id))
    .limit(limit);
  if (due.length === 0) return [];
  await db.transaction(async (tx) => {
    for (const row of due) await enqueueJob(tx, VERSION_SCAN_JOB, { versionId: row.id });
  });
  queue.wake();
  return due.map((row) => row.id);
}
