import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/rows.ts';
import { users } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../errors.ts';
import { recordAudit, userActor } from '../audit/record.ts';
import { closeAppealsOnUnban } from '../bans/appeals.ts';
import { ADMIN_ACTIONS, type AuditExtras } from '../audit/actions.ts';
import { diffKeys, pick } from '../audit/changed-keys.ts';

export interface UserAdminState {
  isAdmin: boolean;
  /** Their reports can quarantine a pack (services/quarantine/); revocable like the admin flag. */
  isTrustedReporter: boolean;
  status: UserRow['status'];
  /** Why the account is banned (null while active): part of the state so that an undo brings it back too. */
  banReason: string | null;
}

export function userAdminState(row: UserRow): UserAdminState {
  return {
    isAdmin: row.isAdmin,
    isTrustedReporter: row.isTrustedReporter,
    status: row.status,
    banReason: row.banReason,
  };
}

/** When and by whom a status change bans the account (cleared when it is lifted). */
function banStamp(changes: Partial<UserAdminState>, actor: UserRow, now: Date) {
  if (changes.status === 'UserStatusBanned') return { bannedAt: now, bannedByUserId: actor.id };
  if (changes.status === 'UserStatusActive') return { bannedAt: null, bannedByUserId: null };
  return {};
}

export async function getUserOr404(db: Db, userId: string): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  if (!row) throw notFound(`User "${userId}" not found.`);
  return row;
}

/**
 * Grants or revokes the admin flag or trusted-reporter status, or bans / unbans an account (with the ban's reason, time and admin kept on the
 * account, so it can be told; lifting a ban answers its open appeal). Admins cannot demote or ban themselves: that
 * is how a registry ends up with no administrator.
 */
export async function adminUpdateUser(
  db: Db,
  actor: UserRow,
  target: UserRow,
  changes: Partial<UserAdminState>,
  now: Date,
  extras: AuditExtras = {},
): Promise<UserRow> {
  const before = userAdminState(target);
  // A lifted ban keeps no reason.
  const wanted = changes.status === 'UserStatusActive' ? { ...changes, banReason: null } : changes;
  const changed = diffKeys(before, wanted);
  if (changed.length === 0) return target;
  if (target.id === actor.id && changes.isAdmin === false) {
    throw conflict('You cannot remove your own admin flag; ask another admin.', 'self_demotion');
  }
  if (target.id === actor.id && changes.status === 'UserStatusBanned') {
    throw conflict('You cannot ban your own account; ask another admin.', 'self_ban');
  }
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({
        ...pick(wanted as UserAdminState, changed),
        ...banStamp(pick(wanted, changed), actor, now),
        updatedAt: now,
      })
      .where(eq(users.id, target.id))
      .returning();
    if (!updated) throw notFound(`User "${target.id}" not found.`);
    if (changed.includes('status') && updated.status === 'UserStatusActive') {
      await closeAppealsOnUnban(tx, { type: 'user', id: target.id }, actor, extras.reason, now);
    }
    await recordAudit(tx, {
      actor: userActor(actor),
      action: ADMIN_ACTIONS.userAdminUpdate,
      targetType: 'user',
      targetId: target.id,
      before: pick(before, changed),
      after: { ...pick(userAdminState(updated), changed), ...extras },
    });
    return updated;
  });
}
