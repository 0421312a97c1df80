import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { NodeRow, UserRow } from '../../db/rows.ts';
import { nodes } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../errors.ts';
import { recordAudit, userActor } from '../audit/record.ts';
import { findPublisher } from '../publishers/access.ts';
import { UNCLAIMED_PUBLISHER_ID, ensureUnclaimedPublisher } from '../publishers/unclaimed.ts';
import { emitNodeStatusChanged } from '../webhooks/version-events.ts';
import type { AuditExtras } from '../audit/actions.ts';
import {
  bumpedUpdatedAt,
  diffKeys,
  nodeAdminState,
  pick,
  toNodeAdminColumns,
  type NodeAdminChanges,
} from './node-state.ts';

export interface AdminNodeUpdate {
  actor: UserRow;
  node: NodeRow;
  changes: NodeAdminChanges;
  action: string;
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

/**
 * Applies an admin's changes to a node in one transaction with its audit row (only the keys that
 * changed are logged, before and after). Always bumps updated_at: every admin field is visible
 * to search (status, ranking, tags, publisher). Returns the row unchanged when nothing differs.
 */
export async function adminUpdateNode(db: Db, update: AdminNodeUpdate): Promise<NodeRow> {
  const { actor, node } = update;
  const before = nodeAdminState(node);
  const changes: NodeAdminChanges = { ...update.changes };
  if (changes.publisher_id !== undefined) changes.publisher_id = changes.publisher_id.toLowerCase();
  const changed = diffKeys(before, changes);
  if (changed.length === 0) return node;
  return db.transaction(async (tx) => {
    if (changed.includes('publisher_id')) await assertPublisherTarget(tx, changes.publisher_id!);
    const [updated] = await tx
      .update(nodes)
      .set({ ...toNodeAdminColumns(pick(changes as typeof before, changed)), updatedAt: bumpedUpdatedAt })
      .where(eq(nodes.id, node.id))
      .returning();
    if (!updated) throw notFound(`Node "${node.id}" not found.`);
    await emitNodeStatusChanged(tx, node.status, updated);
    await recordAudit(tx, {
      actor: userActor(actor),
      action: update.action,
      targetType: 'node',
      targetId: node.id,
      before: pick(before, changed),
      after: { ...pick(nodeAdminState(updated), changed), ...update.extras },
    });
    return updated;
  });
}
