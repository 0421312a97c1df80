import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/rows.ts';
import { auditLog, nodeVersions } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../errors.ts';
import { userActor } from '../audit/record.ts';
import { normalizeVersion } from '../versions/semver.ts';
import { applyQuarantineState, QUARANTINE_ACTIONS, quarantineState, type QuarantineState } from './quarantine-state.ts';

export type QuarantineDecision = 'release' | 'ban';

/** The status reason a ban from quarantine gets when the admin gives none. */
const DEFAULT_BAN_REASON = 'Banned after reports quarantined it.';

/**
 * An admin's decision on a quarantined version, in one transaction: release (installable again, and reports
 * never quarantine it again) or ban (the version is Banned with the reason). Audited; answers the audit
 * entry's id, which POST /admin/undo takes. A version that is not quarantined is a 409 `not_quarantined`
 * (another admin decided first).
 */
export async function decideQuarantine(
  db: Db,
  input: { admin: UserRow; nodeId: string; version: string; decision: QuarantineDecision; reason: string; now: Date },
): Promise<number> {
  return db.transaction(async (tx) => {
    const number = normalizeVersion(input.version) ?? input.version;
    const [version] = await tx
      .select()
      .from(nodeVersions)
      .where(and(eq(nodeVersions.nodeId, input.nodeId), eq(nodeVersions.version, number)))
      .for('update');
    if (!version) throw notFound(`Version ${number} of node "${input.nodeId}" not found.`);
    if (!version.quarantinedAt) {
      throw conflict(`Version ${number} of node "${input.nodeId}" is not quarantined.`, 'not_quarantined');
    }
    const state = quarantineState(version);
    const wanted: QuarantineState =
      input.decision === 'release'
        ? { ...state, quarantined: false, released: true }
        : {
            ...state,
            quarantined: false,
            status: 'NodeVersionStatusBanned',
            status_reason: input.reason || DEFAULT_BAN_REASON,
          };
    return applyQuarantineState(tx, {
      actor: userActor(input.admin),
      version,
      wanted,
      action: input.decision === 'release' ? QUARANTINE_ACTIONS.release : QUARANTINE_ACTIONS.ban,
      now: input.now,
      extras: input.reason ? { reason: input.reason } : {},
    });
  });
}

type AuditRow = typeof auditLog.$inferSelect;
const STATE_KEYS = ['quarantined', 'released', 'status', 'status_reason'] as const;

/**
 * Undoes a release (quarantined again) or a ban from quarantine (quarantined again, status restored), while
 * the version still looks as the decision left it; audited as `audit.undo` by the same write.
 */
export async function undoQuarantineDecision(tx: Db, actor: UserRow, entry: AuditRow, now: Date): Promise<void> {
  const [version] = await tx.select().from(nodeVersions).where(eq(nodeVersions.id, entry.targetId)).for('update');
  if (!version) throw notFound(`The version of audit entry ${entry.id} no longer exists.`);
  const after = (entry.after ?? {}) as Record<string, unknown>;
  const before = (entry.before ?? {}) as Record<string, unknown>;
  const current = quarantineState(version);
  const moved = STATE_KEYS.filter((key) => JSON.stringify(current[key]) !== JSON.stringify(after[key]));
  if (moved.length) {
    throw conflict(
      `Audit entry ${entry.id} cannot be undone: ${moved.join(', ')} changed again since. Edit the record instead.`,
      'undo_conflict',
    );
  }
  const wanted = Object.fromEntries(STATE_KEYS.map((key) => [key, before[key]])) as unknown as QuarantineState;
  await applyQuarantineState(tx, {
    actor: userActor(actor),
    version,
    wanted,
    action: 'audit.undo',
    now,
    extras: { undo_of: entry.id },
  });
}
