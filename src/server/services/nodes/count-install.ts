import type { Db } from '../../db/client.ts';
import type { Logger } from '../../ops/logger.ts';
import { INSTALL_COUNT_WINDOW_MS, recordDownload, sweepInstallClaims, type InstallHit } from './record-download.ts';

// Install counting runs beside the reply, never in its way: the install answer does not wait for
// the database, and a failed count is logged, not turned into a failed install. Pending counts are
// tracked so a graceful shutdown (and a test) can wait for them.

const pending = new Set<Promise<void>>();
// When each database was last swept: per database, so two apps in one process (tests, tools) each sweep theirs.
const lastSweep = new WeakMap<Db, number>();

export function countInstallInBackground(db: Db, logger: Logger, hit: InstallHit): void {
  const work = (async () => {
    await recordDownload(db, hit);
    const at = hit.now.getTime();
    if (at - (lastSweep.get(db) ?? 0) > INSTALL_COUNT_WINDOW_MS) {
      lastSweep.set(db, at);
      await sweepInstallClaims(db, hit.now);
    }
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
