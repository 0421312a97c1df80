import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { PublisherRow, UserRow } from '../../db/rows.ts';
import { nodes, publishers } from '../../db/schema/index.ts';
import { recordAudit, userActor } from '../audit/record.ts';
import { toPublisherColumns, type PublisherFieldsInput } from './publisher-fields.ts';

/** Applies the editable fields (id and status never change here) and logs before/after. */
export async function updatePublisher(
  db: Db,
  actor: UserRow,
  publisher: PublisherRow,
  input: PublisherFieldsInput,
  now: Date,
): Promise<PublisherRow> {
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(publishers)
      .set({ ...toPublisherColumns(input), updatedAt: now })
      .where(eq(publishers.id, publisher.id))
      .returning();
    if (!updated) throw new Error(`publisher ${publisher.id} vanished during update`);
    // Each node's record shows the publisher name: it changed for GET /nodes?timestamp= too (search and
    // caches learn of it from the change feed's publisher row, not from this stamp).
    if (updated.name !== publisher.name) {
      await tx.update(nodes).set({ updatedAt: now }).where(eq(nodes.publisherId, publisher.id));
    }
    await recordAudit(tx, {
      actor: userActor(actor),
      action: 'publisher.update',
      targetType: 'publisher',
      targetId: publisher.id,
      before: publisher,
      after: updated,
    });
    return updated;
  });
}
