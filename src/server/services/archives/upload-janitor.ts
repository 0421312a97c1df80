import { and, gte, isNull, lt, not } from 'drizzle-orm';
import { archives } from '../../db/schema/index.ts';
import { awaitingUpload } from './await-upload.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { PeriodicTask } from '../../jobs/scheduler.ts';

/**
 * Signed upload URLs live 15 minutes; an archive still not accepted an hour later was abandoned,
 * unless its acceptance job (remote stores) is still queued or running: a backed-up queue must
 * not lose an upload it is about to accept.
 */
const ABANDONED_AFTER_MS = 60 * 60_000;
/** Older rows were already swept by an earlier pass (this keeps each pass small). */
const LOOK_BACK_MS = 48 * 60 * 60_000;
const SWEEP_EVERY_MS = 10 * 60_000;

/**
 * Deletes stored bytes of uploads that were never accepted: a client that gave up, or a server
 * killed between writing the object and committing its acceptance. The archive row stays (its
 * version is still Pending and may be uploaded again); only the orphaned object goes. Idempotent
 * (a second pass finds nothing), and run on one instance at a time.
 */
export async function sweepAbandonedUploads(services: AppDeps, now = services.clock.now()): Promise<number> {
  const rows = await services.db
    .select({ key: archives.key })
    .from(archives)
    .where(
      and(
        isNull(archives.uploadedAt),
        lt(archives.createdAt, new Date(now.getTime() - ABANDONED_AFTER_MS)),
        gte(archives.createdAt, new Date(now.getTime() - LOOK_BACK_MS)),
        not(awaitingUpload(archives.key)),
      ),
    );
  for (const { key } of rows) await services.storage.delete(key);
  return rows.length;
}

/** The sweep every ten minutes, on one instance at a time (listed in periodic-tasks.ts). */
export function uploadJanitorTask(services: AppDeps): PeriodicTask {
  return {
    name: 'archives.sweep-abandoned-uploads',
    everyMs: SWEEP_EVERY_MS,
    scope: 'one-instance',
    run: () => sweepAbandonedUploads(services),
  };
}
