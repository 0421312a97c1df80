import { z } from 'zod';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { archives, jobs, nodeVersions } from '../../db/schema/index.ts';
import { PermanentJobError } from '../../jobs/permanent-error.ts';
import { defineJobKind, type TypedJob } from '../../jobs/job-kind.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { RetryJobLater } from '../../jobs/retry-later.ts';
import type { JobHandler } from '../../jobs/worker.ts';
import type { AppDeps } from '../../app-deps.ts';
import { acceptUploadedArchive } from './accept-upload.ts';
import { UPLOAD_URL_TTL_SECONDS } from './archive-key.ts';

// With a remote store (S3) the client PUTs the zip straight to the bucket and nothing tells the
// API it arrived. This job, queued in the publish transaction, looks for the object until the
// upload URL has expired and then accepts it through the same acceptUploadedArchive as the
// filesystem route: validation, hash, `version.scan` job → Active/Flagged, latest version,
// search change feed. Any instance's worker may run it (one at a time: SKIP LOCKED).

/** A PUT that started just before the URL expired may still be arriving. */
export const LATE_UPLOAD_GRACE_MS = 5 * 60_000;
/** comfy-cli uploads right after publishing: look soon, then less and less often. */
const FIRST_LOOK_MS = 1_000;
const MAX_WAIT_MS = 60_000;

export const AWAIT_UPLOAD_JOB = defineJobKind({
  name: 'archive.await_upload',
  payload: z.object({
    archiveKey: z.string().min(1),
    /** When the signed upload URL stops being accepted by the store (ISO 8601). */
    uploadExpiresAt: z.iso.datetime(),
  }),
  // One wait per archive: a second would look for the same object.
  dedupeKey: ({ archiveKey }) => archiveKey,
  // Enough looks for the whole window; the deadline, not this, normally ends the wait.
  maxAttempts: 100,
});
type AwaitJob = TypedJob<z.output<typeof AWAIT_UPLOAD_JOB.payload>>;

export const NO_UPLOAD_REASON = 'No archive was uploaded before the upload URL expired.';

/** Wait before the next look: 1 s, 2 s, 4 s… at most a minute. */
export function nextLookMs(attempts: number): number {
  return Math.min(FIRST_LOOK_MS * 2 ** Math.max(0, attempts - 1), MAX_WAIT_MS);
}

/** Queues the wait for a direct upload; pass the publish transaction so it exists exactly when the version does. */
export async function enqueueAwaitUpload(tx: Db, archiveKey: string, publishedAt: Date) {
  const uploadExpiresAt = new Date(publishedAt.getTime() + UPLOAD_URL_TTL_SECONDS * 1000).toISOString();
  return enqueueJob(tx, AWAIT_UPLOAD_JOB, { archiveKey, uploadExpiresAt }, { delayMs: FIRST_LOOK_MS });
}

async function run(services: AppDeps, job: AwaitJob) {
  const { payload } = job;
  const result = await acceptUploadedArchive(services, payload.archiveKey);
  // accepted (the scan is queued), already accepted, version closed, archive gone: done.
  if (result.status !== 'missing_object' && result.status !== 'rejected') return;
  // Nothing acceptable yet. A rejected object was deleted and its reason noted; the signed URL
  // still works until it expires, so a corrected upload is waited for like a first one.
  const deadline = Date.parse(payload.uploadExpiresAt) + LATE_UPLOAD_GRACE_MS;
  const waited = result.status === 'rejected' ? `Archive rejected: ${result.message}` : 'No archive uploaded yet.';
  if (services.clock.now().getTime() > deadline) throw new PermanentJobError(waited);
  throw new RetryJobLater(waited, nextLookMs(job.attempts));
}

/** The wait is over: a version that never got a zip says why (a rejection's reason is kept). */
async function giveUp(tx: Db, { payload }: AwaitJob, _error: string, now: Date) {
  const [archive] = await tx.select().from(archives).where(eq(archives.key, payload.archiveKey));
  if (!archive || archive.uploadedAt) return;
  await tx
    .update(nodeVersions)
    .set({ statusReason: NO_UPLOAD_REASON, updatedAt: now })
    .where(
      and(
        eq(nodeVersions.archiveId, archive.id),
        eq(nodeVersions.status, 'NodeVersionStatusPending'),
        eq(nodeVersions.statusReason, ''),
      ),
    );
}

export function awaitUploadHandler(): JobHandler<AwaitJob['payload']> {
  return { kind: AWAIT_UPLOAD_JOB, run, onGiveUp: giveUp };
}

/** SQL condition "an await-upload job for this archive is still queued or running" (the janitor keeps its object). */
export function awaitingUpload(archiveKey: typeof archives.key) {
  return sql`exists (select 1 from ${jobs} where ${jobs.kind} = ${AWAIT_UPLOAD_JOB.name}
    and ${jobs.status} in ('queued', 'running') and ${jobs.payload}->>'archiveKey' = ${archiveKey})`;
}
