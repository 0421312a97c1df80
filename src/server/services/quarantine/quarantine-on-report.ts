import { and, count, eq, gte, isNull, min, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { nodes, nodeVersions, packReports, users } from '../../db/schema/index.ts';
import { notifyOwnersOfQuarantine } from './notify-owners.ts';
import {
  QUARANTINE_QUOTA_WINDOW_MS,
  QUARANTINE_REPORTS_PER_DAY,
  quarantineRule,
  type QuarantineRule,
} from './quarantine-rules.ts';
import { applyQuarantineState, QUARANTINE_ACTIONS, quarantineState } from './quarantine-state.ts';

const SYSTEM = { userId: null, kind: 'system' } as const;

/**
 * Whether a new report of this reporter may count toward a quarantine: fewer than the day's quota of their
 * reports counted in the last 24 h. Call it under the reporter's lock (createReport holds one).
 */
export async function reportCanQuarantine(tx: Db, reporterUserId: string, now: Date): Promise<boolean> {
  const [row] = await tx
    .select({ n: count() })
    .from(packReports)
    .where(
      and(
        eq(packReports.reporterUserId, reporterUserId),
        eq(packReports.canQuarantine, true),
        gte(packReports.createdAt, new Date(now.getTime() - QUARANTINE_QUOTA_WINDOW_MS)),
      ),
    );
  return (row?.n ?? 0) < QUARANTINE_REPORTS_PER_DAY;
}

export interface QuarantineOutcome {
  versionId: string;
  version: string;
  rule: QuarantineRule;
  auditEntryId: number;
}

/**
 * After a report was filed (same transaction): quarantines the pack's latest version when a rule of
 * quarantine-rules.ts now holds. Counts open reports that may count, by active reporters, about the pack
 * or its latest version. A version already quarantined, released by an admin or not Active is left alone.
 * Reports on one pack are decided one at a time (a per-pack lock), so two reports arriving together still
 * see each other.
 */
export async function quarantineOnReport(
  tx: Db,
  input: { nodeId: string; now: Date },
): Promise<QuarantineOutcome | null> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`quarantine:${input.nodeId}`}))`);
  const [node] = await tx
    .select({ latestVersionId: nodes.latestVersionId, publisherId: nodes.publisherId })
    .from(nodes)
    .where(eq(nodes.id, input.nodeId));
  if (!node?.latestVersionId) return null;
  const [version] = await tx.select().from(nodeVersions).where(eq(nodeVersions.id, node.latestVersionId)).for('update');
  if (!version || version.status !== 'NodeVersionStatusActive') return null;
  if (version.quarantinedAt || version.quarantineReleasedAt) return null;

  const [first] = await tx
    .select({ at: min(nodeVersions.createdAt) })
    .from(nodeVersions)
    .where(eq(nodeVersions.nodeId, input.nodeId));
  const counting = await tx
    .select({ reportId: packReports.id, userId: packReports.reporterUserId, trusted: users.isTrustedReporter })
    .from(packReports)
    .innerJoin(users, eq(users.id, packReports.reporterUserId))
    .where(
      and(
        eq(packReports.nodeId, input.nodeId),
        eq(packReports.status, 'open'),
        eq(packReports.canQuarantine, true),
        eq(users.status, 'UserStatusActive'),
        or(isNull(packReports.nodeVersionId), eq(packReports.nodeVersionId, version.id)),
      ),
    );
  const rule = quarantineRule({
    firstPublishedAt: first?.at ?? version.createdAt,
    now: input.now,
    reporters: counting,
  });
  if (!rule) return null;

  const auditEntryId = await applyQuarantineState(tx, {
    actor: SYSTEM,
    version,
    wanted: { ...quarantineState(version), quarantined: true },
    action: QUARANTINE_ACTIONS.quarantine,
    now: input.now,
    extras: { rule, report_ids: counting.map((row) => row.reportId).sort() },
  });
  await notifyOwnersOfQuarantine(tx, {
    publisherId: node.publisherId,
    nodeId: input.nodeId,
    version: version.version,
    versionId: version.id,
    rule,
    quarantinedAt: input.now,
  });
  return { versionId: version.id, version: version.version, rule, auditEntryId };
}
