import { eq } from 'drizzle-orm';
import type { UserRow } from '../../../src/server/db/rows.ts';
import { users } from '../../../src/server/db/schema/index.ts';
import { signUp } from '../firebase-emulator.ts';
import type { TestApp } from '../test-app.ts';

export interface Actor {
  /** A real Firebase emulator ID token. */
  token: string;
  user: UserRow;
}

/**
 * A signed-in account with its database row: signs up on the emulator (e-mail verified unless
 * `unverified`), lets the API create the row (one GET /users), then flips is_admin / status directly
 * when asked.
 */
export async function signedIn(
  t: TestApp,
  options: { admin?: boolean; banned?: boolean; displayName?: string; unverified?: boolean } = {},
): Promise<Actor> {
  const account = await signUp({
    ...(options.displayName ? { displayName: options.displayName } : {}),
    emailVerified: options.unverified !== true,
  });
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
