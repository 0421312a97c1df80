import { eq } from 'drizzle-orm';
import type { IdentityClaims } from '../../auth/identity.ts';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/rows.ts';
import { users } from '../../db/schema/index.ts';

/**
 * Finds the user for verified claims, creating the row on first sight. Writes only when something
 * changed (a read-only request must not cost a write). Verified e-mails listed in ADMIN_EMAILS
 * become admins; an unverified address could be anyone's, so it never does.
 */
export async function ensureUser(db: Db, claims: IdentityClaims, adminEmails: string[], now: Date): Promise<UserRow> {
  const bootstrapAdmin = claims.emailVerified && !!claims.email && adminEmails.includes(claims.email);
  const [existing] = await db.select().from(users).where(eq(users.id, claims.uid));
  if (!existing) {
    const [created] = await db
      .insert(users)
      .values({
        id: claims.uid,
        email: claims.email ?? null,
        name: claims.name ?? null,
        photoUrl: claims.picture ?? null,
        isAdmin: bootstrapAdmin,
      })
      .onConflictDoNothing()
      .returning();
    if (created) return created;
    // Another request created it in the meantime.
    const [raced] = await db.select().from(users).where(eq(users.id, claims.uid));
    if (!raced) throw new Error('user row vanished after insert conflict');
    return raced;
  }
  const changes: Partial<UserRow> = {};
  if (claims.email !== undefined && claims.email !== existing.email) changes.email = claims.email;
  if (claims.name !== undefined && claims.name !== existing.name) changes.name = claims.name;
  if (claims.picture !== undefined && claims.picture !== existing.photoUrl) changes.photoUrl = claims.picture;
  if (bootstrapAdmin && !existing.isAdmin) changes.isAdmin = true;
  if (Object.keys(changes).length === 0) return existing;
  const [updated] = await db
    .update(users)
    .set({ ...changes, updatedAt: now })
    .where(eq(users.id, existing.id))
    .returning();
  return updated ?? existing;
}
