import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { PublisherRow, TokenRow } from '../../db/rows.ts';
import { users } from '../../db/schema/index.ts';
import { forbidden, type ApiError } from '../../errors.ts';
import { decidePublisherAccess, findRole } from '../publishers/access.ts';

/*
 * A personal access token acts for the user who created it (tokens.created_by). Whether it may
 * publish is decided by THE permission policy (services/publishers/access.ts, capability
 * `version.publish`), with the creator as the actor, so a token hits exactly the checks a signed-in
 * write does:
 *   - creator banned                       → 403 user_banned
 *   - creator no longer owner or member    → 403 token_creator_not_member (removed from the publisher)
 *   - publisher banned                     → 403 publisher_banned
 * The creator's admin flag never counts: admins mint no tokens, and a token must not outgrow its role.
 * A token without a recorded creator (only from old imports: the API always records one) is held
 * to the publisher-level checks alone.
 */

/** The error to answer with when the creator of `token` may not publish to `publisher`, else null. */
export async function tokenPublishDenial(db: Db, token: TokenRow, publisher: PublisherRow): Promise<ApiError | null> {
  if (publisher.status === 'PublisherStatusBanned') {
    return forbidden(`Publisher "${publisher.id}" is banned and cannot publish.`, 'publisher_banned');
  }
  if (!token.createdBy) return null;
  const [creator] = await db.select().from(users).where(eq(users.id, token.createdBy)).limit(1);
  if (!creator) return null;
  const role = await findRole(db, publisher.id, creator.id);
  const denied = decidePublisherAccess('version.publish', {
    viewer: { ...creator, isAdmin: false },
    publisher,
    role,
  });
  if (!denied) return null;
  // Same decision and code as a signed-in write; the wording names the token's creator, since
  // whoever holds the token (often a CI job) is not necessarily that person.
  switch (denied.code) {
    case 'user_banned':
      return forbidden(
        'The account that created this personal access token is banned; its tokens cannot publish.',
        'user_banned',
      );
    case 'not_a_member':
    case 'owner_required':
      return forbidden(
        `The account that created this personal access token is no longer a member of publisher ` +
          `"${publisher.id}", so the token no longer works for it. Ask an owner for a new token.`,
        'token_creator_not_member',
      );
    default:
      return denied;
  }
}

/** Throws the denial of {@link tokenPublishDenial}, if any. */
export async function assertTokenMayPublish(db: Db, token: TokenRow, publisher: PublisherRow): Promise<void> {
  const denied = await tokenPublishDenial(db, token, publisher);
  if (denied) throw denied;
}
