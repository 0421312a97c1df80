import { and, count, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { PublisherRow, UserRow } from '../../db/rows.ts';
import { nodes, personalAccessTokens, publisherPermissions, publishers } from '../../db/schema/index.ts';
import { conflict, forbidden } from '../../errors.ts';
import { recordAudit, userActor } from '../audit/record.ts';
import { retirePublisherId } from './retired-ids.ts';
import { ensureUnclaimedPublisher, UNCLAIMED_PUBLISHER_ID } from './unclaimed.ts';

/**
 * Deletes a publisher with its tokens and permissions, in one transaction, and retires its id (only
 * its owners of the moment may ever create it again). Refused (409) while it
 * still has nodes that are not deleted. Its soft-deleted nodes move to the unclaimed placeholder: they
 * keep their ids and version numbers reserved forever, and the foreign key needs a publisher.
 * The publisher row is locked first, so a node cannot be created under it meanwhile.
 */
export async function deletePublisher(db: Db, actor: UserRow, publisher: PublisherRow, now: Date): Promise<void> {
  if (publisher.id === UNCLAIMED_PUBLISHER_ID) {
    throw forbidden('The unclaimed placeholder publisher cannot be deleted.', 'publisher_reserved');
  }
  await db.transaction(async (tx) => {
    await tx.select({ id: publishers.id }).from(publishers).where(eq(publishers.id, publisher.id)).for('update');
    const [live] = await tx
      .select({ n: count() })
      .from(nodes)
      .where(and(eq(nodes.publisherId, publisher.id), ne(nodes.status, 'NodeStatusDeleted')));
    const liveNodes = live?.n ?? 0;
    if (liveNodes > 0) {
      throw conflict(
        // Nodes cannot be moved to another publisher by their owners (only admins can), so do not suggest it.
        `Publisher "${publisher.id}" still has ${liveNodes === 1 ? 'a node' : `${liveNodes} nodes`}. Delete its nodes first, then the publisher.`,
        'publisher_has_nodes',
      );
    }
    const moved = await tx.select({ id: nodes.id }).from(nodes).where(eq(nodes.publisherId, publisher.id));
    if (moved.length > 0) {
      await ensureUnclaimedPublisher(tx);
      await tx
        .update(nodes)
        .set({ publisherId: UNCLAIMED_PUBLISHER_ID, updatedAt: now })
        .where(eq(nodes.publisherId, publisher.id));
    }
    const revoked = await tx
      .delete(personalAccessTokens)
      .where(eq(personalAccessTokens.publisherId, publisher.id))
      .returning({ id: personalAccessTokens.id });
    // The id stays reserved for the owners it has now (read before the permissions go).
    await retirePublisherId(tx, publisher.id, now);
    await tx.delete(publisherPermissions).where(eq(publisherPermissions.publisherId, publisher.id));
    await tx.delete(publishers).where(eq(publishers.id, publisher.id));
    await recordAudit(tx, {
      actor: userActor(actor),
      action: 'publisher.delete',
      targetType: 'publisher',
      targetId: publisher.id,
      before: publisher,
      after: { deletedNodesMoved: moved.map((n) => n.id), revokedKeyIds: revoked.map((t) => t.id) },
    });
  });
}
