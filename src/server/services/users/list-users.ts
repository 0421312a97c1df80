import { and, asc, count, eq, ilike, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/rows.ts';
import { users } from '../../db/schema/index.ts';
import { containsPattern } from '../shared/text-match.ts';
import { pageOffset, type Paging } from '../../../lib/paging.ts';

export interface AdminUserQuery extends Paging {
  search?: string | undefined;
  adminsOnly?: boolean | undefined;
  bannedOnly?: boolean | undefined;
}

/** Accounts by e-mail (then id), searchable by e-mail, name or id. */
export async function listAdminUsers(db: Db, query: AdminUserQuery): Promise<{ rows: UserRow[]; total: number }> {
  const term = query.search?.trim();
  const pattern = term ? containsPattern(term) : undefined;
  const where = and(
    query.adminsOnly ? eq(users.isAdmin, true) : undefined,
    query.bannedOnly ? eq(users.status, 'UserStatusBanned') : undefined,
    pattern ? or(ilike(users.email, pattern), ilike(users.name, pattern), ilike(users.id, pattern)) : undefined,
  );
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(asc(users.email), asc(users.id))
      .limit(query.limit)
      .offset(pageOffset(query)),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}
