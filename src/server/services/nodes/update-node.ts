import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { NodeRow, UserRow } from '../../db/rows.ts';
import { nodes } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../errors.ts';
import type { AuditExtras } from '../audit/actions.ts';
import { diffKeys, pick } from '../audit/changed-keys.ts';
import { recordAudit, userActor } from '../audit/record.ts';
import { findPublisher } from '../publishers/access.ts';
import { UNCLAIMED_PUBLISHER_ID, ensureUnclaimedPublisher } from '../publishers/unclaimed.ts';
import { emitNodeStatusChanged } from '../webhooks/version-events.ts';
import type { NodeEditPolicy } from './node-edit-policy.ts';
import { nodeState, toNodeStateColumns, type NodeChanges, type NodeState } from './node-state.ts';

export interface NodeUpdate {
  actor: UserRow;
  node: NodeRow;
  /** The wanted values, in API naming (node-fields.ts turns a request body into them). */
  changes: NodeChanges;
  /** Which fields this caller may change (node-edit-policy.ts); the others are left as they are. */
  policy: NodeEditPolicy;
  /** The injected clock's time: the node's updated_at. */
  now: Date;
  /** The audit action when it is not the policy's own (a ban, an undo). */
  action?: string;
  extras?: AuditExtras;
}

/** A node may move to an existing, not banned publisher, or back to the unclaimed placeholder. */
async function assertPublisherTarget(db: Db, publisherId: string): Promise<void> {
  if (publisherId === UNCLAIMED_PUBLISHER_ID) {
    await ensureUnclaimedPublisher(db);
    return;
  }
  const publisher = await findPublisher(db, publisherId);
  if (!publisher) throw notFound(`Publisher "${publisherId}" not found.`);
  if (publisher.status === 'PublisherStatusBanned') {
    throw conflict(`Publisher "${publisher.id}" is banned: nodes cannot be assigned to it.`, 'publisher_banned');
  }
}

/** The changes the policy allows, with the publisher id in its stored (lower-case) form. */
function allowedChanges(update: NodeUpdate): NodeChanges {
  const allowed = Object.fromEntries(
    Object.entries(update.changes).filter(([key]) => update.policy.fields.has(key as keyof NodeState)),
  ) as NodeChanges;
  if (allowed.publisher_id !== undefined) allowed.publisher_id = allowed.publisher_id.toLowerCase();
  return allowed;
}

/**
 * The one way a node's fields change, for its publisher and for admins alike: in one transaction with one
 * audit row that logs only the keys that changed, before and after, in API naming (which is what lets
 * undo re-apply a `before`). updated_at becomes `now`: every field here is visible to search and pages.
 * Returns the row unchanged, writing nothing, when nothing differs.
 */
export async function updateNode(db: Db, update: NodeUpdate): Promise<NodeRow> {
  const { actor, node } = update;
  const before = nodeState(node);
  const changes = allowedChanges(update);
  const changed = diffKeys(before, changes);
  if (changed.length === 0) return node;
  return db.transaction(async (tx) => {
    if (changed.includes('publisher_id')) await assertPublisherTarget(tx, changes.publisher_id!);
    const [updated] = await tx
      .update(nodes)
      .set({ ...toNodeStateColumns(pick(changes as NodeState, changed)), updatedAt: update.now })
      .where(eq(nodes.id, node.id))
      .returning();
    if (!updated) throw notFound(`Node "${node.id}" not found.`);
    await emitNodeStatusChanged(tx, node.status, updated);
    await recordAudit(tx, {
      actor: userActor(actor),
      action: update.action ?? update.policy.action,
      targetType: 'node',
      targetId: node.id,
      before: pick(before, changed),
      after: { ...pick(nodeState(updated), changed), ...update.extras },
    });
    return updated;
  });
}
