import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/rows.ts';
import { auditLog } from '../../db/schema/index.ts';

export type ActorKind = 'user' | 'token' | 'system';

export interface AuditActor {
  userId: string | null;
  kind: ActorKind;
}

export interface AuditEntry {
  actor: AuditActor;
  /** `<area>.<verb>`, e.g. `publisher.create`, `token.revoke`. */
  action: string;
  targetType: string;
  targetId: string;
  before?: unknown;
  after?: unknown;
}

export const userActor = (user: Pick<UserRow, 'id'>): AuditActor => ({ userId: user.id, kind: 'user' });

// Keys whose values must never reach the log, whatever record a caller hands in.
const SECRET_KEY = /token|secret|hash|password/i;

/** A JSON-safe deep copy without secret-looking keys (dates become ISO strings). */
export function redactSecrets(value: unknown): unknown {
  if (value === undefined) return null;
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(redactSecrets);
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !SECRET_KEY.test(key))
      .map(([key, inner]) => [key, redactSecrets(inner)]),
  );
}

/**
 * Appends one audit row and answers its id (what POST /admin/undo takes). Call it with the transaction's `tx` so the
 * log and the change commit together.
 */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<number> {
  const [row] = await db
    .insert(auditLog)
    .values({
      actorUserId: entry.actor.userId,
      actorKind: entry.actor.kind,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      before: redactSecrets(entry.before),
      after: redactSecrets(entry.after),
    })
    .returning({ id: auditLog.id });
  return row!.id;
}
