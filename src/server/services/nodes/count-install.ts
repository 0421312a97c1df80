import type { Db } from '../../db/client.ts';
import type { Logger } from '../../ops/logger.ts';
import { recordDownload, type InstallHit } from './record-download.ts';

// Install counting runs beside the reply, never in its way: the install answer does not wait for
// the database, and a failed count is logged, not turned into a failed install. Pending counts are
// tracked so a graceful shutdown (and a test) can wait for them. It is a counter, not a job: one
// upsert per install, where a queued job would add a row, a claim and a delete to the busiest write
// path to gain retries a lost count does not need. (The old claims' sweep is a periodic task:
// installClaimsSweepTask, periodic-tasks.ts.)

const pending = new Set<Promise<void>>();

export function countInstallInBackground(db: Db, logger: Logger, hit: InstallHit): void {
  const work = (async () => {
    await recordDownload(db, hit);
  })()
    .catch((error: unknown) => {
      logger.warn({ err: { message: String(error) }, nodeId: hit.nodeId }, 'install count failed');
    })
    .finally(() => pending.delete(work));
  pending.add(work);
}

/** Resolves once every install counted so far is written (or has failed). */
export async function installCountsSettled(): Promise<void> {
  while (pending.size > 0) await Promise.all([...pending]);
}
