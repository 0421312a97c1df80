import type { Db } from '../../db/client.ts';
import type { NodeRow, PublisherRow, UserRow } from '../../db/rows.ts';
import { nodes } from '../../db/schema/index.ts';
import { badRequest } from '../../errors.ts';
import { recordAudit, userActor } from '../audit/record.ts';
import { toNodeColumns, type NodeFieldsInput } from './node-fields.ts';

/**
 * Creates a node under a publisher. Ids are unique case-insensitively (the normalized_id index), for
 * ever: a deleted node's id stays taken, so nobody can take over a name users already install.
 */
export async function createNode(
  db: Db,
  actor: UserRow,
  publisher: PublisherRow,
  input: NodeFieldsInput & { id: string },
): Promise<NodeRow> {
  return db.transaction(async (tx) => {
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
