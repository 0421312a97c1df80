import { eq } from 'drizzle-orm';
import type { UserRow } from '../../db/rows.ts';
import { users } from '../../db/schema/index.ts';
import type { AppDeps } from '../../app-deps.ts';
import { recordAudit, userActor } from '../audit/record.ts';

/**
 * Whether a session that signed in at `authTime` (seconds) was ended by a "sign out everywhere"
 * since: its ID tokens, refreshed or not, no longer stand for the account. Both times are whole
 * seconds, so a sign-in in the very second of the revocation counts as before it: every session
 * open when the button was pressed ends, and a new sign-in a second later is fine.
 */
export function sessionEnded(user: Pick<UserRow, 'sessionsValidAfter'>, authTime: number): boolean {
  return user.sessionsValidAfter !== null && authTime * 1000 <= user.sessionsValidAfter.getTime();
}

/**
 * Signs the account out everywhere: the identity provider revokes its refresh tokens (no session
 * gets a new ID token), and the API refuses the ID tokens those sessions still hold (sessionEnded),
 * at once and on every instance. Recorded in the audit log.
 */
export async function signOutEverywhere(services: AppDeps, user: UserRow): Promise<Date> {
  const validAfter = await services.identity.revokeSessions(user.id);
  await services.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ sessionsValidAfter: validAfter, updatedAt: services.clock.now() })
      .where(eq(users.id, user.id));
    await recordAudit(tx, {
      actor: userActor(user),
      action: 'user.sessions_revoke',
      targetType: 'user',
      targetId: user.id,
      before: { sessionsValidAfter: user.sessionsValidAfter },
      after: { sessionsValidAfter: validAfter },
    });
  });
  return validAfter;
}
