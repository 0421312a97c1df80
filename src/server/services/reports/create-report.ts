import { and, count, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { NodeRow, UserRow } from '../../db/rows.ts';
import { nodeVersions, packReports, type ReportReason } from '../../db/schema/index.ts';
import { ApiError, notFound } from '../../errors.ts';
import { recordAudit, userActor } from '../audit/record.ts';
import { quarantineOnReport, reportCanQuarantine } from '../quarantine/quarantine-on-report.ts';

/** Reports one user may file per rolling hour (on top of the global write limits). */
export const REPORTS_PER_USER_PER_HOUR = 10;
const HOUR_MS = 60 * 60 * 1000;

export interface NewReport {
  node: NodeRow;
  reporter: UserRow;
  reason: ReportReason;
  details: string;
  /** A version number of the node, when the report is about one version. */
  version?: string | undefined;
  now: Date;
}

/**
 * Files a report in one transaction: the per-user limit is counted under a per-user advisory lock,
 * so concurrent requests of one user cannot all slip under it. A report that may count toward a
 * quarantine can quarantine the pack's latest version in the same transaction (services/quarantine/).
 */
export async function createReport(db: Db, input: NewReport): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`pack_reports:${input.reporter.id}`}))`);
    const [recent] = await tx
      .select({ n: count() })
      .from(packReports)
      .where(
        and(
          eq(packReports.reporterUserId, input.reporter.id),
          gte(packReports.createdAt, new Date(input.now.getTime() - HOUR_MS)),
        ),
      );
    if ((recent?.n ?? 0) >= REPORTS_PER_USER_PER_HOUR) {
      throw new ApiError(429, 'report_rate_limited', `At most ${REPORTS_PER_USER_PER_HOUR} reports per hour.`);
    }
    let nodeVersionId: string | null = null;
    if (input.version !== undefined) {
      const [version] = await tx
        .select({ id: nodeVersions.id })
        .from(nodeVersions)
        .where(and(eq(nodeVersions.nodeId, input.node.id), eq(nodeVersions.version, input.version)));
      if (!version) throw notFound(`Version "${input.version}" of node "${input.node.id}" not found.`);
      nodeVersionId = version.id;
    }
    // Within the reporter's daily quota, the report may count toward quarantining the pack.
    const canQuarantine = await reportCanQuarantine(tx, input.reporter.id, input.now);
    const [row] = await tx
      .insert(packReports)
      .values({
        nodeId: input.node.id,
        nodeVersionId,
        reporterUserId: input.reporter.id,
        reason: input.reason,
        details: input.details,
        canQuarantine,
        createdAt: input.now,
      })
      .returning({ id: packReports.id });
    await recordAudit(tx, {
      actor: userActor(input.reporter),
      action: 'report.create',
      targetType: 'node',
      targetId: input.node.id,
      after: { report_id: row!.id, reason: input.reason, version: input.version ?? null },
    });
    if (canQuarantine) await quarantineOnReport(tx, { nodeId: input.node.id, now: input.now });
    return { id: row!.id };
  });
}
