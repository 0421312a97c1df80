import { asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { publisherPermissions, users } from '../../db/schema/index.ts';
import type { ApiPublisherMember } from '../serialize/publisher.ts';

/** The publisher's members with their e-mails: only for its owners and admins (the caller checks). */
export async function loadMembers(db: Db, publisherId: string): Promise<ApiPublisherMember[]> {
  const rows = await db
    .select({ permission: publisherPermissions, user: users })
    .from(publisherPermissions)
    .innerJoin(users, eq(users.id, publisherPermissions.userId))
    .where(eq(publisherPermissions.publisherId, publisherId))
    .orderBy(asc(publisherPermissions.createdAt), asc(publisherPermissions.id));
  return rows.map(({ permission, user }) => ({
    id: permission.id,
    role: permission.role,
    user: {
      id: user.id,
      ...(user.name ? { name: user.name } : {}),
      ...(user.email ? { email: user.email } : {}),
    },
  }));
}

/** How many people manage the publisher (the public page shows the count, never who). */
export async function countMembers(db: Db, publisherId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(publisherPermissions)
    .where(eq(publisherPermissions.publisherId, publisherId));
  return row?.n ?? 0;
}
