import { and, eq, sql } from 'drizzle-orm';
import { invalidArchiveFinding } from '../../analysis/analyze-archive.ts';
import { RULESET_VERSION } from '../../analysis/scan/rules.ts';
import type { Db } from '../../db/client.ts';
import { auditLog, nodeVersions } from '../../db/schema/index.ts';
import { recordAudit } from '../audit/record.ts';
import { lockVersion, replaceFindings, touchNode, upsertScanRecord } from '../moderation/store-analysis.ts';
import { refreshLatestVersion } from '../versions/latest.ts';
import { emitVersionStatusChanged } from '../webhooks/version-events.ts';

// Takes an Active version whose stored archive fails the current archive rules out of circulation:
// Flagged, with the broken rule as an invalid-archive finding (PY910) and a status reason the
// admin review queue shows, in one audited transaction. Written like a scan's verdict (findings
// and scan record replaced), so the version is then handled exactly as a scan-flagged one: a
// publisher's rescan reaches the same verdict, and an admin may still approve it.

export const RECHECK_AUDIT_ACTION = 'node_version.archive_recheck';

export interface StoredArchiveProblem {
  /** The archive rule that broke (zip-rule.ts), or `stored-sha256` when the bytes changed. */
  rule: string;
  message: string;
}

export const recheckReason = (rulesVersion: string, problem: StoredArchiveProblem) =>
  `Archive re-check (archive rules ${rulesVersion}) failed: ${problem.message}`;

/** Whether this version was already flagged by the re-check of these rules (an admin may have approved it since). */
async function alreadyFlagged(tx: Db, versionId: string, rulesVersion: string): Promise<boolean> {
  const [entry] = await tx
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.targetType, 'node_version'),
        eq(auditLog.targetId, versionId),
        eq(auditLog.action, RECHECK_AUDIT_ACTION),
        sql`${auditLog.after}->>'archiveRules' = ${rulesVersion}`,
      ),
    )
    .limit(1);
  return entry !== undefined;
}

/**
 * Flags the version if it is still Active on the same archive and this rule version never flagged
 * it before (an admin's later approval stands). Returns whether it was flagged.
 */
export async function flagStoredArchive(
  db: Db,
  target: { versionId: string; archiveId: string },
  rulesVersion: string,
  problem: StoredArchiveProblem,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const version = await lockVersion(tx, target.versionId);
    if (version?.status !== 'NodeVersionStatusActive' || version.archiveId !== target.archiveId) return false;
    if (await alreadyFlagged(tx, version.id, rulesVersion)) return false;
    const reason = recheckReason(rulesVersion, problem);
    const [flagged] = await tx
      .update(nodeVersions)
      .set({ status: 'NodeVersionStatusFlagged', statusReason: reason, updatedAt: now })
      .where(eq(nodeVersions.id, version.id))
      .returning();
    await replaceFindings(tx, version.id, [invalidArchiveFinding(problem.message)], RULESET_VERSION);
    await upsertScanRecord(tx, version.id, {
      outcome: 'flagged',
      rulesetVersion: RULESET_VERSION,
      filesScanned: 0,
      bytesScanned: 0,
      durationMs: 0,
      skipped: 0,
      error: null,
      appliedStatus: 'NodeVersionStatusFlagged',
      appliedReason: reason,
    });
    await refreshLatestVersion(tx, version.nodeId);
    await touchNode(tx, version.nodeId);
    await recordAudit(tx, {
      actor: { userId: null, kind: 'system' },
      action: RECHECK_AUDIT_ACTION,
      targetType: 'node_version',
      targetId: version.id,
      before: { status: version.status, statusReason: version.statusReason },
      after: {
        status: 'NodeVersionStatusFlagged',
        statusReason: reason,
        archiveRules: rulesVersion,
        rule: problem.rule,
      },
    });
    // The owners hear of it like of a scan's flag, with the broken rule as the finding.
    await emitVersionStatusChanged(tx, version.status, flagged!);
    return true;
  });
}
