import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/rows.ts';
import { githubOauthStates } from '../../db/schema/index.ts';
import { badRequest, forbidden } from '../../errors.ts';
import { recordAudit, userActor } from '../audit/record.ts';
import { hashStateToken } from './state-token.ts';

export type OAuthStateRow = typeof githubOauthStates.$inferSelect;

/**
 * Takes the state of a finished GitHub round-trip, once: it must exist, belong to this user, be
 * unexpired and unused. The use is marked with a conditional update, so two racing callbacks cannot
 * both proceed. A state of another user is refused without being spent (it stays theirs).
 */
export async function consumeState(
  db: Db,
  input: { state: string; actor: UserRow; now: Date },
): Promise<OAuthStateRow> {
  const [row] = await db
    .select()
    .from(githubOauthStates)
    .where(eq(githubOauthStates.stateHash, hashStateToken(input.state)))
    .limit(1);
  if (!row) {
    throw badRequest('This GitHub sign-in link is not valid. Start the claim again.', 'oauth_state_invalid');
  }
  if (row.userId !== input.actor.id) {
    throw forbidden('This GitHub sign-in was started by another account.', 'oauth_state_other_user');
  }
  if (row.usedAt) {
    throw badRequest('This GitHub sign-in link was already used. Start the claim again.', 'oauth_state_used');
  }
  if (row.expiresAt.getTime() <= input.now.getTime()) {
    throw badRequest('This GitHub sign-in link has expired. Start the claim again.', 'oauth_state_expired');
  }
  return db.transaction(async (tx) => {
    const [spent] = await tx
      .update(githubOauthStates)
      .set({ usedAt: input.now })
      .where(and(eq(githubOauthStates.id, row.id), isNull(githubOauthStates.usedAt)))
      .returning();
    if (!spent) {
      throw badRequest('This GitHub sign-in link was already used. Start the claim again.', 'oauth_state_used');
    }
    await recordAudit(tx, {
      actor: userActor(input.actor),
      action: 'github_oauth.complete',
      targetType: 'node',
      targetId: row.nodeId,
      after: { round_trip_id: row.id, publisher_id: row.publisherId },
    });
    return spent;
  });
}
