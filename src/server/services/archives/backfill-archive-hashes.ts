import { z } from 'zod';
import { createHash } from 'node:crypto';
import { and, asc, eq, gt, isNotNull, isNull, or } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../db/client.ts';
import { archives, jobs } from '../../db/schema/index.ts';
import { defineJobKind, type TypedJob } from '../../jobs/job-kind.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import type { JobHandler } from '../../jobs/worker.ts';

// The `archive.hash_backfill` job: accepted archives whose sha256 or size was never recorded (rows
// written by hand, or imported from an installation older than the rule) get both from the stored
// bytes. Clients verify what they download against the sha256 (NodeVersion.sha256, the signed index),
// and the index leaves out every version without one, so none may stay empty. Batches ordered by
// archive id; each job queues the next, so a restart repeats at most one batch.

export const ARCHIVE_HASH_BACKFILL_JOB = defineJobKind({
  name: 'archive.hash_backfill',
  /** `after`: the last archive id of the previous batch (absent: from the start). */
  payload: z.object({ after: z.guid().optional() }),
  // One waiting batch per starting point: each batch queues the next itself.
  dedupeKey: ({ after }) => after ?? 'start',
});
const BATCH = 25;

export interface HashBackfillSummary {
  hashed: number;
  /** Archive ids whose object is missing from storage (left empty: nothing to hash). */
  missing: string[];
}

const needsHash = and(isNotNull(archives.uploadedAt), or(isNull(archives.sha256), isNull(archives.size)));

async function batchAfter(db: Db, after: string | undefined) {
  return db
    .select({ id: archives.id, key: archives.key })
    .from(archives)
    .where(and(needsHash, after === undefined ? undefined : gt(archives.id, after)))
    .orderBy(asc(archives.id))
    .limit(BATCH);
}

/** Hashes one batch; returns the id to continue after (null when done). */
async function hashBatch(services: AppDeps, after: string | undefined, summary: HashBackfillSummary) {
  const batch = await batchAfter(services.db, after);
  for (const archive of batch) {
    const bytes = await services.storage.get(archive.key);
    if (!bytes) {
      summary.missing.push(archive.id);
      continue;
    }
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    // Only rows still empty: an upload accepted meanwhile recorded its own hash, which stands.
    await services.db
      .update(archives)
      .set({ sha256, size: bytes.length, updatedAt: services.clock.now() })
      .where(and(eq(archives.id, archive.id), needsHash));
    summary.hashed += 1;
  }
  return batch.length === BATCH ? batch[batch.length - 1]!.id : null;
}

/** Every batch now, in this process (tests, the admin CLI); the job does the same one batch at a time. */
export async function backfillArchiveHashes(services: AppDeps): Promise<HashBackfillSummary> {
  const summary: HashBackfillSummary = { hashed: 0, missing: [] };
  let after: string | undefined;
  for (;;) {
    const next = await hashBatch(services, after, summary);
    if (next === null) return summary;
    after = next;
  }
}

/**
 * At start-up: queues the backfill when some accepted archive lacks its hash and no backfill is
 * already queued or running. Two instances starting together queue one: the kind's dedupe key makes
 * the second insert a no-op.
 */
export async function queueArchiveHashBackfill(db: Db): Promise<boolean> {
  const [pending] = await db.select({ id: archives.id }).from(archives).where(needsHash).limit(1);
  if (!pending) return false;
  const [queued] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(eq(jobs.kind, ARCHIVE_HASH_BACKFILL_JOB.name), or(eq(jobs.status, 'queued'), eq(jobs.status, 'running'))),
    )
    .limit(1);
  if (queued) return false;
  await enqueueJob(db, ARCHIVE_HASH_BACKFILL_JOB, {});
  return true;
}

async function run(services: AppDeps, job: TypedJob<{ after?: string | undefined }>) {
  const next = await hashBatch(services, job.payload.after, { hashed: 0, missing: [] });
  if (next === null) return;
  await services.jobs.enqueue(ARCHIVE_HASH_BACKFILL_JOB, { after: next });
}

export function archiveHashBackfillHandler(): JobHandler<{ after?: string | undefined }> {
  return { kind: ARCHIVE_HASH_BACKFILL_JOB, run };
}
