import type { NodeVersionRow, UserRow } from '../../db/rows.ts';
import { conflict } from '../../errors.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import type { AppDeps } from '../../app-deps.ts';
import { recordAudit, userActor } from '../audit/record.ts';
import { hasOpenScan } from './security-scan.ts';
import { VERSION_SCAN_JOB } from './scan-version.ts';

/**
 * A publisher asks for a fresh scan of a Pending or Flagged version (e.g. after a rule-set fix).
 * A scan never overturns an admin's decision (see pipelineMayDecide); a second request while one
 * is waiting queues nothing more.
 */
export async function requestRescan(services: AppDeps, viewer: UserRow, version: NodeVersionRow): Promise<boolean> {
  if (version.status !== 'NodeVersionStatusPending' && version.status !== 'NodeVersionStatusFlagged') {
    throw conflict(
      `Only Pending or Flagged versions can be rescanned; this one is ${version.status}.`,
      'not_rescannable',
    );
  }
  if (await hasOpenScan(services.db, version.id)) return false;
  await services.db.transaction(async (tx) => {
    await enqueueJob(tx, VERSION_SCAN_JOB, { versionId: version.id, reason: 'rescan' });
    await recordAudit(tx, {
      actor: userActor(viewer),
      action: 'node_version.rescan',
      targetType: 'node_version',
      targetId: version.id,
      before: { status: version.status },
      after: { queued: true },
    });
  });
  services.jobs.wake();
  return true;
}
