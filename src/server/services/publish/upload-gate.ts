import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { NodeVersionRow } from '../../db/rows.ts';
import { nodes, personalAccessTokens, publishers, trustedPublishers } from '../../db/schema/index.ts';
import { forbidden, type ApiError } from '../../errors.ts';
import { tokenPublishDenial } from './token-authority.ts';
import { readPublishRecord } from './publish-record.ts';
import { versionBanDenial } from './version-bans.ts';

/*
 * The signed upload URL outlives the publish call by 15 minutes. A ban of the token's creator or of
 * the publisher, the creator's removal from the publisher, or the token's revocation in that window
 * must still stop the version: the upload is refused with the same decision the publish would get
 * now. Which token published the version comes from its publish record (publish-record.ts); for trusted
 * publishing, the trusted publisher must still be registered.
 */

/** Why the upload of `version`'s zip must be refused now, or null when it may be accepted. */
export async function uploadDenial(db: Db, version: NodeVersionRow): Promise<ApiError | null> {
  // A ban of the node, its publisher or the publishing account (version-bans.ts) stops it first.
  const banned = await versionBanDenial(db, version);
  if (banned) return banned;
  const [owner] = await db
    .select({ publisher: publishers })
    .from(nodes)
    .innerJoin(publishers, eq(publishers.id, nodes.publisherId))
    .where(eq(nodes.id, version.nodeId))
    .limit(1);
  if (!owner) return null;
  // A Pending version without a token was not made by a token publish: the ban checks above are all it meets.
  const { tokenId, trustedPublisherId } = await readPublishRecord(db, version.id);
  // Trusted publishing: removing the trusted publisher revokes what its CI job was doing, upload included.
  if (trustedPublisherId) return trustedPublisherDenial(db, trustedPublisherId);
  if (!tokenId) return null;
  const [token] = await db.select().from(personalAccessTokens).where(eq(personalAccessTokens.id, tokenId)).limit(1);
  if (!token) {
    return forbidden(
      'The personal access token that published this version was revoked; publish again with a valid token.',
      'token_revoked',
    );
  }
  return tokenPublishDenial(db, token, owner.publisher);
}

async function trustedPublisherDenial(db: Db, trustedPublisherId: string): Promise<ApiError | null> {
  const [registration] = await db
    .select({ id: trustedPublishers.id })
    .from(trustedPublishers)
    .where(eq(trustedPublishers.id, trustedPublisherId))
    .limit(1);
  if (registration) return null;
  return forbidden(
    'The trusted publisher whose CI job published this version was removed; publish again from a registered workflow.',
    'token_revoked',
  );
}
