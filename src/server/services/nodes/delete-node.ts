import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { NodeRow, UserRow } from '../../db/rows.ts';
import { nodes } from '../../db/schema/index.ts';
import { recordAudit, userActor } from '../audit/record.ts';

/**
 * Soft delete: the node leaves every list and lookup, but its row (and so its id and version numbers)
 * stays reserved. Upstream answers 204 while silently failing; this really changes the status.
 */
export async function deleteNode(db: Db, actor: UserRow, node: NodeRow, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(nodes).set({ status: 'NodeStatusDeleted', updatedAt: now }).where(eq(nodes.id, node.id));
    await recordAudit(tx, {
      actor: userActor(actor),
      action: 'node.delete',
      targetType: 'node',
      targetId: node.id,
      before: { status: node.status },
      after: { status: 'NodeStatusDeleted' },
    });
  });
}
