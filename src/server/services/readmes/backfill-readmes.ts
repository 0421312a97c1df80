import { z } from 'zod';
import { and, asc, eq, gt, isNotNull, isNull, or } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../db/client.ts';
import { archiveReadmes, archives, jobs, nodes, nodeVersions } from '../../db/schema/index.ts';
import { defineJobKind, type TypedJob } from '../../jobs/job-kind.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import type { JobHandler } from '../../jobs/worker.ts';
import { extractReadme, storeArchiveReadme } from './stored-readme.ts';

// The `readme.backfill` job: accepted archives of versions scanned before READMEs were stored at scan
// time get theirs now, from the stored bytes, so no node page has to read an archive. Batches ordered
// by archive id; each job queues the next, so a restart repeats at most one batch. (A page asked for
// before the job reaches its archive stores the README itself: services/readmes/load-archive-readme.ts.)

export const README_BACKFILL_JOB = defineJobKind({
  name: 'readme.backfill',
  /** `after`: the last archive id of the previous batch (absent: from the start). */
  payload: z.object({ after: z.guid().optional() }),
  // One waiting batch per starting point: each batch queues the next itself.
  dedupeKey: ({ after }) => after ?? 'start',
});
const BATCH = 25;

export interface ReadmeBackfillSummary {
  stored: number;
  /** Archive ids whose object is missing from storage (nothing stored: a page shows no README). */
  missing: string[];
}

const lacksReadme = and(isNotNull(archives.uploadedAt), isNull(archiveReadmes.archiveId));

function archivesWithoutReadme(db: Db) {
  return db
    .selectDistinctOn([archives.id], { id: archives.id, key: archives.key, repository: nodes.repository })
    .from(archives)
    .innerJoin(nodeVersions, eq(nodeVersions.archiveId, archives.id))
    .innerJoin(nodes, eq(nodes.id, nodeVersions.nodeId))
    .leftJoin(archiveReadmes, eq(archiveReadmes.archiveId, archives.id));
}

/** Stores one batch; returns the archive id to continue after (null when done). */
async function storeBatch(services: AppDeps, after: string | undefined, summary: ReadmeBackfillSummary) {
  const batch = await archivesWithoutReadme(services.db)
    .where(and(lacksReadme, after === undefined ? undefined : gt(archives.id, after)))
    .orderBy(asc(archives.id))
    .limit(BATCH);
  for (const archive of batch) {
    const bytes = await services.storage.get(archive.key);
    if (!bytes) {
      summary.missing.push(archive.id);
      continue;
    }
    let markdown: string | null;
    try {
      markdown = extractReadme(bytes);
    } catch {
      markdown = null;
    }
    const context = { repository: archive.repository, sign: services.imageUrls.sign };
    await storeArchiveReadme(services.db, archive.id, markdown, context, services.clock.now());
    summary.stored += 1;
  }
  return batch.length === BATCH ? batch[batch.length - 1]!.id : null;
}

/** Every batch now, in this process (tests, the admin CLI); the job does the same one batch at a time. */
export async function backfillReadmes(services: AppDeps): Promise<ReadmeBackfillSummary> {
  const summary: ReadmeBackfillSummary = { stored: 0, missing: [] };
  let after: string | undefined;
  for (;;) {
    const next = await storeBatch(services, after, summary);
    if (next === null) return summary;
    after = next;
  }
}

/**
 * At start-up: queues the backfill when some accepted archive of a version has no stored README and
 * no backfill is already queued or running. Two instances starting together queue one: the kind's
 * dedupe key makes the second insert a no-op.
 */
export async function queueReadmeBackfill(db: Db): Promise<boolean> {
  const [pending] = await archivesWithoutReadme(db).where(lacksReadme).limit(1);
  if (!pending) return false;
  const [queued] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.kind, README_BACKFILL_JOB.name), or(eq(jobs.status, 'queued'), eq(jobs.status, 'running'))))
    .limit(1);
  if (queued) return false;
  await enqueueJob(db, README_BACKFILL_JOB, {});
  return true;
}

async function run(services: AppDeps, job: TypedJob<{ after?: string | undefined }>) {
  const next = await storeBatch(services, job.payload.after, { stored: 0, missing: [] });
  if (next === null) return;
  await services.jobs.enqueue(README_BACKFILL_JOB, { after: next });
}

export function readmeBackfillHandler(): JobHandler<{ after?: string | undefined }> {
  return { kind: README_BACKFILL_JOB, run };
}
