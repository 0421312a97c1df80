import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/rows.ts';
import { auditLog } from '../../db/schema/index.ts';
import { ADMIN_ACTIONS } from './audit-actions.ts';

/**
 * The reason given for each banned user's current ban, read from the audit entry that banned them (the reason lives
 * there, as for nodes and publishers). An undo that re-applies a ban is skipped, so the original ban's reason shows;
 * active users and bans given without a reason are absent from the map.
 */
export async function userBanReasons(db: Db, rows: UserRow[]): Promise<Map<string, string>> {
  const ids = rows.filter((row) => row.status === 'UserStatusBanned').map((row) => row.id);
  if (ids.length === 0) return new Map();
  const bans = await db
    .select({ userId: auditLog.targetId, reason: sql<string | null>`${auditLog.after}->>'reason'` })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.targetType, 'user'),
        inArray(auditLog.targetId, ids),
        eq(auditLog.action, ADMIN_ACTIONS.userAdminUpdate),
        sql`${auditLog.after}->>'status' = 'UserStatusBanned'`,
        sql`${auditLog.after}->>'undo_of' IS NULL`,
      ),
    )
    .orderBy(desc(auditLog.id));
  const reasons = new Map<string, string>();
  const seen = new Set<string>();
  for (const ban of bans) {
    if (seen.has(ban.userId)) continue;
    seen.add(ban.userId);
    if (ban.reason) reasons.set(ban.userId, ban.reason);
  }
  return reasons;
}
