import type { Db } from '../../db/client.ts';
import type { PublisherRow, UserRow } from '../../db/rows.ts';
import { githubOauthStates } from '../../db/schema/index.ts';
import { recordAudit, userActor } from '../audit/record.ts';
import { buildAuthorizeUrl } from './authorize-url.ts';
import { getClaimableNode } from './claimable.ts';
import { hashStateToken, newStateToken, STATE_LIFETIME_MS } from './state-token.ts';

export interface StartInput {
  actor: UserRow;
  publisher: PublisherRow;
  nodeId: string;
  returnPath: string;
  redirectUri: string;
  oauth: { clientId: string; baseUrl: string };
  now: Date;
}

/**
 * Begins the GitHub round-trip of a claim: checks the node can be claimed, stores a one-time state
 * bound to this user, publisher and node, and returns GitHub's authorize URL carrying that state.
 */
export async function startRoundTrip(db: Db, input: StartInput): Promise<{ authorizeUrl: string; expiresAt: Date }> {
  const node = await getClaimableNode(db, input.nodeId, input.actor);
  const state = newStateToken();
  const expiresAt = new Date(input.now.getTime() + STATE_LIFETIME_MS);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(githubOauthStates)
      .values({
        stateHash: hashStateToken(state),
        userId: input.actor.id,
        publisherId: input.publisher.id,
        nodeId: node.id,
        returnPath: input.returnPath,
        redirectUri: input.redirectUri,
        expiresAt,
        createdAt: input.now,
      })
      .returning({ id: githubOauthStates.id });
    await recordAudit(tx, {
      actor: userActor(input.actor),
      action: 'github_oauth.start',
      targetType: 'node',
      targetId: node.id,
      after: { round_trip_id: row!.id, publisher_id: input.publisher.id, expires_at: expiresAt },
    });
  });
  const authorizeUrl = buildAuthorizeUrl({
    baseUrl: input.oauth.baseUrl,
    clientId: input.oauth.clientId,
    redirectUri: input.redirectUri,
    state,
  });
  return { authorizeUrl, expiresAt };
}
