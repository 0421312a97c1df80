import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { TokenRow } from '../../db/rows.ts';
import { personalAccessTokens } from '../../db/schema/index.ts';
import { badRequest } from '../../errors.ts';
import { hashToken } from '../tokens/token-format.ts';

// comfy-cli shows the body of a failed publish, and upstream answers a bad token with this exact
// 400: keep both the status and the text. Never log or echo the token itself.
export const INVALID_TOKEN_MESSAGE = 'Invalid personal access token';

/** The token row when `token` is a live token of `publisherId`; a 400 otherwise (same text for every case). */
export async function authenticatePublishToken(
  db: Db,
  token: string | undefined,
  publisherId: string,
  now: Date,
): Promise<TokenRow> {
  if (!token) throw badRequest(INVALID_TOKEN_MESSAGE, 'invalid_token');
  const [row] = await db
    .select()
    .from(personalAccessTokens)
    .where(eq(personalAccessTokens.tokenHash, hashToken(token)))
    .limit(1);
  // A token of another publisher gets the same answer as an unknown one: it reveals nothing.
  if (!row || row.publisherId !== publisherId) throw badRequest(INVALID_TOKEN_MESSAGE, 'invalid_token');
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) {
    throw badRequest(
      `${INVALID_TOKEN_MESSAGE}: it expired on ${row.expiresAt.toISOString()}. Create a new one.`,
      'token_expired',
    );
  }
  return row;
}
