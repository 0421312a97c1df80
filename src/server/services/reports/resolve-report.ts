import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/rows.ts';
import { packReports } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../errors.ts';
import { recordAudit, userActor } from '../audit/record.ts';

export type ReportDecision = 'resolved' | 'dismissed';

/**
 * Closes an open report with a note, audited in the same transaction. Closing twice is a 409 (the
 * first decision stands), so two admins triaging at once never overwrite each other.
 */
export async function decideReport(
  db: Db,
  input: { admin: UserRow; reportId: string; decision: ReportDecision; note: string; now: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
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
    await recordAudit(tx, {
      actor: userActor(input.admin),
      action: input.decision === 'resolved' ? 'report.resolve' : 'report.dismiss',
      targetType: 'report',
      targetId: input.reportId,
      before: { status: existing.status },
      after: { status: input.decision, note: input.note, node_id: existing.nodeId },
    });
  });
}
