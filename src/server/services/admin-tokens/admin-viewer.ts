import { eq } from 'drizzle-orm';
import type { UserRow } from '../../db/rows.ts';
import { users } from '../../db/schema/index.ts';
import type { AppDeps } from '../../app-deps.ts';
import { verifyAdminToken } from './admin-jwt.ts';

/**
 * The admin behind one of our admin tokens, or null (not such a token, expired, or the person is no
 * longer an active admin: revoking admin rights takes effect at once, not after the hour).
 */
export async function adminFromToken(services: AppDeps, token: string): Promise<UserRow | null> {
  const userId = verifyAdminToken(services.config.signingSecret, token, services.clock.now());
  if (!userId) return null;
  const [user] = await services.db.select().from(users).where(eq(users.id, userId));
  return user && user.isAdmin && user.status !== 'UserStatusBanned' ? user : null;
}
