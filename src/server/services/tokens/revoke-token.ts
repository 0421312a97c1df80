import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { PublisherRow, UserRow } from '../../db/rows.ts';
import { personalAccessTokens } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { recordAudit, userActor } from '../audit/record.ts';
import { tokenAuditView } from './token-view.ts';

/** Deletes a token of this publisher (404 for another publisher's token: no cross-publisher revokes). */
export async function revokeToken(db: Db, actor: UserRow, publisher: PublisherRow, tokenId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(personalAccessTokens)
      .where(and(eq(personalAccessTokens.id, tokenId), eq(personalAccessTokens.publisherId, publisher.id)))
      .returning();
    if (!deleted) throw notFound(`Token "${tokenId}" not found for publisher "${publisher.id}".`);
    await recordAudit(tx, {
      actor: userActor(actor),
      action: 'token.revoke',
      targetType: 'personal_access_token',
      targetId: deleted.id,
      before: tokenAuditView(deleted),
    });
  });
}
