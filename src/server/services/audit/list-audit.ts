import { and, count, desc, eq, gte, ilike, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema/index.ts';
import { containsPattern, startsWithPattern } from '../shared/text-match.ts';
import { pageOffset, type Paging } from '../../../lib/paging.ts';

export interface AuditQuery extends Paging {
  /** A user id, or part of the actor's e-mail. */
  actor?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  /** An exact action (`node.ban`) or an area prefix ending in a dot (`node.`). */
  action?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

export interface AuditListRow {
  entry: typeof auditLog.$inferSelect;
  actorEmail: string | null;
  actorName: string | null;
  /** Whether a later `undo` entry reversed this one. */
  undone: boolean;
}

function actionFilter(action: string | undefined) {
  const wanted = action?.trim();
  if (!wanted) return undefined;
  return wanted.endsWith('.') ? ilike(auditLog.action, startsWithPattern(wanted)) : eq(auditLog.action, wanted);
}

/** The audit log, newest first, with the actor's e-mail and name. */
export async function listAudit(db: Db, query: AuditQuery): Promise<{ rows: AuditListRow[]; total: number }> {
  const actor = query.actor?.trim();
  const where = and(
    actor ? or(eq(auditLog.actorUserId, actor), ilike(users.email, containsPattern(actor))) : undefined,
    query.targetType?.trim() ? eq(auditLog.targetType, query.targetType.trim()) : undefined,
    query.targetId?.trim() ? eq(auditLog.targetId, query.targetId.trim()) : undefined,
    actionFilter(query.action),
    query.from ? gte(auditLog.createdAt, query.from) : undefined,
    query.to ? lt(auditLog.createdAt, query.to) : undefined,
  );
  const undone = sql<boolean>`EXISTS (SELECT 1 FROM ${auditLog} AS later WHERE later.after->>'undo_of' = ${auditLog.id}::text)`;
  const [rows, totals] = await Promise.all([
    db
      .select({ entry: auditLog, actorEmail: users.email, actorName: users.name, undone })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorUserId))
      .where(where)
      .orderBy(desc(auditLog.id))
      .limit(query.limit)
      .offset(pageOffset(query)),
    db.select({ total: count() }).from(auditLog).leftJoin(users, eq(users.id, auditLog.actorUserId)).where(where),
  ]);
  return { rows: rows.map((row) => ({ ...row, undone: Boolean(row.undone) })), total: totals[0]?.total ?? 0 };
}
