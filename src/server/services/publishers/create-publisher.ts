import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { PublisherRow, UserRow } from '../../db/rows.ts';
import { publisherPermissions, publishers, users } from '../../db/schema/index.ts';
import { badRequest, forbidden } from '../../errors.ts';
import { recordAudit, userActor } from '../audit/record.ts';
import { toPublisherColumns, type PublisherFieldsInput } from './publisher-fields.ts';
import { retiredIdDenial } from './retired-ids.ts';

export const MAX_PUBLISHERS_PER_USER = 5;

/**
 * Creates a publisher with the caller as its owner, in one transaction. The user row is locked first
 * so that two simultaneous requests cannot both slip under the per-user limit (admins are exempt).
 */
export async function createPublisher(
  db: Db,
  viewer: UserRow,
  input: PublisherFieldsInput & { id: string; name: string },
): Promise<PublisherRow> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, viewer.id)).for('update');
    const [owned] = await tx
      .select({ n: count() })
      .from(publisherPermissions)
      .where(and(eq(publisherPermissions.userId, viewer.id), eq(publisherPermissions.role, 'owner')));
    if (!viewer.isAdmin && (owned?.n ?? 0) >= MAX_PUBLISHERS_PER_USER) {
      throw forbidden(
        `You already own ${MAX_PUBLISHERS_PER_USER} publishers, the most one account may create.`,
        'publisher_limit_reached',
      );
    }
    // A deleted publisher's id is only for its former owners (services/publishers/retired-ids.ts).
    const retired = await retiredIdDenial(tx, input.id, viewer, { claim: true });
    if (retired) throw retired;
    const [created] = await tx
      .insert(publishers)
      .values({ ...toPublisherColumns(input), id: input.id, name: input.name })
      .onConflictDoNothing()
      .returning();
    if (!created) throw badRequest(`The publisher id "${input.id}" is already taken.`, 'publisher_id_taken');
    await tx.insert(publisherPermissions).values({ publisherId: created.id, userId: viewer.id, role: 'owner' });
    await recordAudit(tx, {
      actor: userActor(viewer),
      action: 'publisher.create',
      targetType: 'publisher',
      targetId: created.id,
      after: created,
    });
    return created;
  });
}
