import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/rows.ts';
import { publisherPermissions, retiredPublisherIds } from '../../db/schema/index.ts';
import { badRequest, type ApiError } from '../../errors.ts';

/*
 * A deleted publisher's id stays reserved: pyproject.toml files, install commands and links name it,
 * and whoever registered it next would inherit that trust. Only a user who owned the publisher when
 * it was deleted may create it again (an owner undoing their own deletion); everyone else, admins
 * included, gets 400 publisher_id_retired.
 */

/** Records the id as retired with its current owners; call inside the deleting transaction. */
export async function retirePublisherId(tx: Db, publisherId: string, now: Date): Promise<void> {
  const owners = await tx
    .select({ userId: publisherPermissions.userId })
    .from(publisherPermissions)
    .where(and(eq(publisherPermissions.publisherId, publisherId), eq(publisherPermissions.role, 'owner')));
  const formerOwnerIds = owners.map((o) => o.userId);
  await tx
    .insert(retiredPublisherIds)
    .values({ id: publisherId, formerOwnerIds, retiredAt: now })
    .onConflictDoUpdate({ target: retiredPublisherIds.id, set: { formerOwnerIds, retiredAt: now } });
}

export const retiredIdMessage = (id: string) =>
  `The publisher id "${id}" belonged to a deleted publisher and stays reserved. Choose another one.`;

/**
 * Null when `viewer` may create a publisher with this id as far as retirement goes; else the error.
 * With `claim`, a former owner's re-creation takes the id out of the retired list (inside the
 * creating transaction, so a failed create keeps it reserved).
 */
export async function retiredIdDenial(
  tx: Db,
  id: string,
  viewer: Pick<UserRow, 'id'> | null,
  options: { claim?: boolean } = {},
): Promise<ApiError | null> {
  const [retired] = await tx.select().from(retiredPublisherIds).where(eq(retiredPublisherIds.id, id)).limit(1);
  if (!retired) return null;
  if (!viewer || !retired.formerOwnerIds.includes(viewer.id)) {
    return badRequest(retiredIdMessage(id), 'publisher_id_retired');
  }
  if (options.claim) await tx.delete(retiredPublisherIds).where(eq(retiredPublisherIds.id, id));
  return null;
}
