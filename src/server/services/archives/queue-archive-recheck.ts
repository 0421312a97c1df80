import { and, eq, sql } from 'drizzle-orm';
import { ARCHIVE_RULES_VERSION } from '../../analysis/pack/zip-rule.ts';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { recordAudit } from '../audit/record.ts';
import { ARCHIVE_RECHECK_JOB } from './recheck-archives.ts';

// Queues the archive re-check once per archive-rule version, whichever instance starts first and
// however often they restart. The marker is the audit entry written with the job: the audit log
// is append-only, so it outlives pruned job rows; a transaction-scoped advisory lock makes
// "look for the marker, then queue and write it" one step across instances.

export const RECHECK_QUEUED_ACTION = 'archive_rules.recheck_queued';

/**
 * Queues the re-check of every Active version's archive (operator request: the admin CLI, whose
 * process runs no worker; a server's worker finds it at its next poll); returns the job id.
 */
export async function queueArchiveRecheck(db: Db, trigger: string, rulesVersion = ARCHIVE_RULES_VERSION) {
  return db.transaction(async (tx) => queueInTransaction(tx, trigger, rulesVersion));
}

async function queueInTransaction(tx: Db, trigger: string, rulesVersion: string): Promise<number> {
  const job = await enqueueJob(tx, ARCHIVE_RECHECK_JOB, { rulesVersion, trigger });
  await recordAudit(tx, {
    actor: { userId: null, kind: 'system' },
    action: RECHECK_QUEUED_ACTION,
    targetType: 'archive_rules',
    targetId: rulesVersion,
    after: { jobId: job.id, trigger },
  });
  return job.id;
}

/**
 * At start-up, before the worker starts (its first look finds the job): queues the re-check if these
 * archive rules never had one. Returns whether it did.
 */
export async function queueArchiveRecheckOnce(db: Db, rulesVersion = ARCHIVE_RULES_VERSION): Promise<boolean> {
  const queued = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`archive-recheck:${rulesVersion}`}))`);
    const [marker] = await tx
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, RECHECK_QUEUED_ACTION),
          eq(auditLog.targetType, 'archive_rules'),
          eq(auditLog.targetId, rulesVersion),
        ),
      )
      .limit(1);
    if (marker) return false;
    await queueInTransaction(tx, 'rules-changed', rulesVersion);
    return true;
  });
  return queued;
}
