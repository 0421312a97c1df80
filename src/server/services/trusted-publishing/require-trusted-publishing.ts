import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { NodeRow, PublisherRow, UserRow } from '../../db/rows.ts';
import { nodes } from '../../db/schema/index.ts';
import { recordAudit, userActor } from '../audit/record.ts';
import { assertNodeWritable, getPublisherNode } from '../nodes/publisher-nodes.ts';

/**
 * Switches a node's CI-only setting. Only a signed-in owner gets here (the route takes no token), so a
 * leaked token can never loosen it; every change, on or off, is in the audit log.
 */
export async function setRequireTrustedPublishing(
  db: Db,
  actor: UserRow,
  publisher: PublisherRow,
  nodeId: string,
  required: boolean,
  now: Date,
): Promise<NodeRow> {
  const node = await getPublisherNode(db, publisher, nodeId);
  assertNodeWritable(node, actor);
  if (node.requireTrustedPublishing === required) return node;
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(nodes)
      .set({ requireTrustedPublishing: required, updatedAt: now })
      .where(eq(nodes.id, node.id))
      .returning();
    await recordAudit(tx, {
      actor: userActor(actor),
      action: required ? 'node.require_trusted_publishing' : 'node.allow_token_publishing',
      targetType: 'node',
      targetId: node.id,
      before: { require_trusted_publishing: node.requireTrustedPublishing },
      after: { require_trusted_publishing: required },
    });
    return updated!;
  });
}
