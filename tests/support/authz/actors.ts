import { eq } from 'drizzle-orm';
import type { PublisherRow, TokenRow, UserRow } from '../../../src/server/db/rows.ts';
import { personalAccessTokens, users } from '../../../src/server/db/schema/index.ts';
import { generateToken } from '../../../src/server/services/tokens/token-format.ts';
import { signUp } from '../firebase-emulator.ts';
import type { TestApp } from '../test-app.ts';

export interface Actor {
  /** A real Firebase emulator ID token. */
  token: string;
  user: UserRow;
}

/**
 * A signed-in account with its database row: signs up on the emulator, lets the API create the row
 * (one GET /users), then flips is_admin / status directly when asked.
 */
export async function signedIn(
  t: TestApp,
  options: { admin?: boolean; banned?: boolean; displayName?: string } = {},
): Promise<Actor> {
  const account = await signUp(options.displayName ? { displayName: options.displayName } : {});
  const response = await t.request('/users', { token: account.idToken });
  if (response.status !== 200) throw new Error(`GET /users answered ${response.status}`);
  const changes: Partial<UserRow> = {};
  if (options.admin) changes.isAdmin = true;
  if (options.banned) changes.status = 'UserStatusBanned';
  const [user] = Object.keys(changes).length
    ? await t.services.db.update(users).set(changes).where(eq(users.id, account.uid)).returning()
    : await t.services.db.select().from(users).where(eq(users.id, account.uid));
  return { token: account.idToken, user: user! };
}

/** A personal access token row for arranging tests, with its plaintext. */
export async function insertToken(
  t: TestApp,
  publisher: PublisherRow,
  values: Partial<typeof personalAccessTokens.$inferInsert> = {},
): Promise<{ row: TokenRow; token: string }> {
  const { token, hash, displayPrefix } = generateToken();
  const [row] = await t.services.db
    .insert(personalAccessTokens)
    .values({ publisherId: publisher.id, name: 'ci', tokenHash: hash, displayPrefix, ...values })
    .returning();
  return { row: row!, token };
}
