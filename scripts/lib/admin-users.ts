import { asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../src/server/db/client.ts';
import type { UserRow } from '../../src/server/db/rows.ts';
import { users } from '../../src/server/db/schema/index.ts';
import { recordAudit } from '../../src/server/services/audit/record.ts';

// What `npm run admin` does, apart from parsing arguments and printing: grant or revoke the admin
// flag of users who have signed in, with an audit row, and list the admins.

export class AdminCliError extends Error {
  override name = 'AdminCliError';
}

const EmailSchema = z.email('is not an e-mail address');

function parseEmail(input: string): string {
  const email = input.trim().toLowerCase();
  const parsed = EmailSchema.safeParse(email);
  if (!parsed.success) throw new AdminCliError(`"${input}" is not an e-mail address.`);
  return parsed.data;
}

export interface AdminChange {
  user: UserRow;
  /** False when the user already had the wanted flag (then nothing is written). */
  changed: boolean;
}

/**
 * Sets users.is_admin for every account with this e-mail (one person can sign in with several
 * providers). Users exist only once they have signed in, so an unknown address is an error rather
 * than a silent no-op.
 */
export async function setAdmin(db: Db, emailInput: string, isAdmin: boolean, now = new Date()): Promise<AdminChange[]> {
  const email = parseEmail(emailInput);
  return db.transaction(async (tx) => {
    const found = await tx
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`)
      .orderBy(asc(users.createdAt));
    if (found.length === 0) {
      throw new AdminCliError(
        `No user with the e-mail ${email} has signed in yet. Ask them to sign in once, then run this again.`,
      );
    }
    const changes: AdminChange[] = [];
    for (const user of found) {
      if (user.isAdmin === isAdmin) {
        changes.push({ user, changed: false });
        continue;
      }
      const [updated] = await tx
        .update(users)
        .set({ isAdmin, updatedAt: now })
        .where(eq(users.id, user.id))
        .returning();
      await recordAudit(tx, {
        actor: { userId: null, kind: 'system' },
        action: isAdmin ? 'user.admin_grant' : 'user.admin_revoke',
        targetType: 'user',
        targetId: user.id,
        before: { is_admin: user.isAdmin, email: user.email },
        after: { is_admin: isAdmin, email: user.email, via: 'admin-cli' },
      });
      changes.push({ user: updated!, changed: true });
    }
    return changes;
  });
}

export async function listAdmins(db: Db): Promise<UserRow[]> {
  return db.select().from(users).where(eq(users.isAdmin, true)).orderBy(asc(users.email), asc(users.id));
}
