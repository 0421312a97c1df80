import type { Db } from '../../db/client.ts';
import type { NodeRow, PublisherRow, UserRow } from '../../db/rows.ts';
import { nodes } from '../../db/schema/index.ts';
import { badRequest } from '../../errors.ts';
import { recordAudit, userActor } from '../audit/record.ts';
import { assertIdNotConfusable, findConfusableNode, confusableIdError } from './confusable-id.ts';
import { toNodeColumns, type NodeFieldsInput } from './node-fields.ts';

/**
 * Creates a node under a publisher. Ids are unique case-insensitively (the normalized_id index), for
 * ever: a deleted node's id stays taken, so nobody can take over a name users already install. An
 * id differing from another node's only in `-`, `_`, `.` is that node's too: 409 node_id_confusable.
 */
export async function createNode(
  db: Db,
  actor: UserRow,
  publisher: PublisherRow,
  input: NodeFieldsInput & { id: string },
): Promise<NodeRow> {
  return db.transaction(async (tx) => {
    await assertIdNotConfusable(tx, input.id, publisher.id);
    const [created] = await tx
      .insert(nodes)
      .values({
        ...toNodeColumns(input),
        id: input.id,
        normalizedId: input.id.toLowerCase(),
        publisherId: publisher.id,
        name: input.name ?? input.id,
      })
      .onConflictDoNothing()
      .returning();
    if (!created) {
      // A create of a look-alike id committed meanwhile (the key index), or this very id.
      const holder = await findConfusableNode(tx, input.id);
      if (holder) throw confusableIdError(input.id, holder, publisher.id);
      throw badRequest(
        `The node id "${input.id}" is already taken (node ids are unique regardless of case).`,
        'node_id_taken',
      );
    }
    await recordAudit(tx, {
      actor: userActor(actor),
      action: 'node.create',
      targetType: 'node',
      targetId: created.id,
      after: created,
    });
    return created;
  });
}
