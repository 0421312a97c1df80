import { and, eq, ne, not } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { nodeIdKeySql, nodes } from '../../db/schema/index.ts';
import { conflict, type ApiError } from '../../errors.ts';
import { nodeIdKey } from '../publish/node-id.ts';
import { uniqueViolation } from '../publish/unique-violation.ts';

// Node ids that differ only in letter case or in `-`, `_`, `.` name one pack (nodeIdKey). Every
// place that creates a node asks here first, for an answer that names the pack in the way; the
// unique index `nodes_id_key_key` catches what a race lets through.

export const CONFUSABLE_ID_INDEX = 'nodes_id_key_key';

export interface ConfusableNode {
  id: string;
  publisherId: string;
}

/**
 * The node holding `id`'s confusable key under another spelling (not the same id in another
 * letter case: that is the node itself), whatever its status: a deleted or banned pack keeps its
 * name. Null when the key is free.
 */
export async function findConfusableNode(db: Db, id: string): Promise<ConfusableNode | null> {
  const [holder] = await db
    .select({ id: nodes.id, publisherId: nodes.publisherId })
    .from(nodes)
    .where(
      and(
        eq(nodeIdKeySql(nodes.id), nodeIdKey(id)),
        not(nodes.legacyConfusableId),
        ne(nodes.normalizedId, id.toLowerCase()),
      ),
    )
    .limit(1);
  return holder ?? null;
}

/** 409 `node_id_confusable`, naming the pack that holds the name. */
export function confusableIdError(requested: string, holder: ConfusableNode, publisherId?: string): ApiError {
  const own = publisherId !== undefined && holder.publisherId === publisherId;
  return conflict(
    `The node id "${requested}" is too close to the existing node "${holder.id}": ids that differ only in ` +
      `letter case or in "-", "_" and "." name the same pack. ` +
      (own ? `Publish to "${holder.id}" instead.` : 'Choose a clearly different id.'),
    'node_id_confusable',
  );
}

/** Throws 409 `node_id_confusable` when another node holds `id`'s confusable key. */
export async function assertIdNotConfusable(db: Db, id: string, publisherId?: string): Promise<void> {
  const holder = await findConfusableNode(db, id);
  if (holder) throw confusableIdError(id, holder, publisherId);
}

/**
 * For a failed insert: the 409 when the key index refused it (a concurrent create of a confusable
 * id won), else null.
 */
export async function confusableIdViolation(
  db: Db,
  error: unknown,
  id: string,
  publisherId?: string,
): Promise<ApiError | null> {
  if (uniqueViolation(error) !== CONFUSABLE_ID_INDEX) return null;
  const holder = await findConfusableNode(db, id);
  return holder ? confusableIdError(id, holder, publisherId) : null;
}
