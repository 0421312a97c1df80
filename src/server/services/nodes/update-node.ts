import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { NodeRow, UserRow } from '../../db/rows.ts';
import { nodes } from '../../db/schema/index.ts';
import { recordAudit, userActor } from '../audit/record.ts';
import { toNodeColumns, type NodeFieldsInput } from './node-fields.ts';

/** Applies the publisher-editable fields of a node and logs before/after. */
export async function updateNode(
  db: Db,
  actor: UserRow,
  node: NodeRow,
  input: NodeFieldsInput,
  now: Date,
): Promise<NodeRow> {
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(nodes)
      .set({ ...toNodeColumns(input), updatedAt: now })
      .where(eq(nodes.id, node.id))
      .returning();
    if (!updated) throw new Error(`node ${node.id} vanished during update`);
    await recordAudit(tx, {
      actor: userActor(actor),
      action: 'node.update',
      targetType: 'node',
      targetId: node.id,
      before: node,
      after: updated,
    });
    return updated;
  });
}
