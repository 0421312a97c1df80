import { and, asc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { PublisherRow } from '../../db/rows.ts';
import { publisherPermissions, publishers } from '../../db/schema/index.ts';
import { UNCLAIMED_PUBLISHER_ID } from './unclaimed.ts';

/** Every active publisher but the placeholder for unclaimed nodes, ordered by id (GET /publishers). */
export async function listActivePublishers(db: Db): Promise<PublisherRow[]> {
  return db
    .select()
    .from(publishers)
    .where(and(eq(publishers.status, 'PublisherStatusActive'), ne(publishers.id, UNCLAIMED_PUBLISHER_ID)))
    .orderBy(asc(publishers.id));
}

/** The publishers where a user holds a role, ordered by id (GET /users/publishers/). */
export async function listPublishersOfUser(db: Db, userId: string): Promise<PublisherRow[]> {
  const rows = await db
    .select({ publisher: publishers })
    .from(publisherPermissions)
    .innerJoin(publishers, eq(publishers.id, publisherPermissions.publisherId))
    .where(eq(publisherPermissions.userId, userId))
    .orderBy(asc(publishers.id));
  return rows.map((row) => row.publisher);
}
