import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { TokenRow } from '../../db/rows.ts';
import { personalAccessTokens } from '../../db/schema/index.ts';

/** A publisher's tokens, newest first. */
export async function listTokens(db: Db, publisherId: string): Promise<TokenRow[]> {
  return db
    .select()
    .from(personalAccessTokens)
    .where(eq(personalAccessTokens.publisherId, publisherId))
    .orderBy(desc(personalAccessTokens.createdAt), asc(personalAccessTokens.id));
}
