import type { Db } from '../../db/client.ts';
import type { NodeRow } from '../../db/rows.ts';
import { notFound } from '../../errors.ts';
import { findNode } from './find-node.ts';

/**
 * The node an admin route acts on. Deleted nodes are gone for admins too (404): their ids stay reserved
 * forever, but nothing about them may be edited any more.
 */
export async function getAdminNode(db: Db, nodeId: string): Promise<NodeRow> {
  const node = await findNode(db, nodeId);
  if (!node || node.status === 'NodeStatusDeleted') throw notFound(`Node "${nodeId}" not found.`);
  return node;
}
