import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/rows.ts';
import { packReports } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../errors.ts';
import { recordAudit, userActor } from '../audit/record.ts';

export type ReportDecision = 'resolved' | 'dismissed';

export const REPORT_ACTIONS = { resolve: 'report.resolve', dismiss: 'report.dismiss' } as const;

/**
 * Closes an open report with a note, audited in the same transaction; answers the audit entry's id, which undoes it
 * (POST /admin/undo). Closing twice is a 409 (the first decision stands), so two admins triaging at once never
 * overwrite each other.
 */
export async function decideReport(
  db: Db,
  input: { admin: UserRow; reportId: string; decision: ReportDecision; note: string; now: Date },
): Promise<number> {
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(packReports).where(eq(packReports.id, input.reportId)).for('update');
    if (!existing) throw notFound(`Report "${input.reportId}" not found.`);
    if (existing.status !== 'open')
      throw conflict(`Report "${input.reportId}" is already ${existing.status}.`, 'report_closed');
    await tx
      .update(packReports)
      .set({
        status: input.decision,
        resolutionNote: input.note,
        resolvedByUserId: input.admin.id,
        resolvedAt: input.now,
      })
      .where(and(eq(packReports.id, input.reportId), eq(packReports.status, 'open')));
    return recordAudit(tx, {
      actor: userActor(input.admin),
      action: input.decision === 'resolved' ? REPORT_ACTIONS.resolve : REPORT_ACTIONS.dismiss,
      targetType: 'report',
      targetId: input.reportId,
      before: { status: existing.status },
      after: { status: input.decision, note: input.note, node_id: existing.nodeId },
    });
  });
}

/**
 * Undoes a decision: the report is open again, back in the queue, its note and decider cleared (the audit log keeps
 * them). Only while it is still as the decision left it; audited by the caller's undo row.
 */
export async function reopenReport(
  tx: Db,
  input: { admin: UserRow; reportId: string; decided: ReportDecision; extras: Record<string, unknown> },
): Promise<void> {
  const [existing] = await tx.select().from(packReports).where(eq(packReports.id, input.reportId)).for('update');
  if (!existing) throw notFound(`Report "${input.reportId}" no longer exists.`);
  if (existing.status !== input.decided) {
    throw conflict(`Report "${input.reportId}" changed again since; it is ${existing.status}.`, 'undo_conflict');
  }
  await tx
    .update(packReports)
    .set({ status: 'open', resolutionNote: '', resolvedByUserId: null, resolvedAt: null })
    .where(eq(packReports.id, input.reportId));
  await recordAudit(tx, {
    actor: userActor(input.admin),
    action: 'audit.undo',
    targetType: 'report',
    targetId: input.reportId,
    before: { status: existing.status },
    after: { status: 'open', node_id: existing.nodeId, ...input.extras },
  });
}
