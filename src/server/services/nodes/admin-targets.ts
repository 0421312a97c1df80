import type { Db } from '../../db/client.ts';
import type { NodeRow, NodeVersionRow } from '../../db/rows.ts';
import { notFound } from '../../errors.ts';
import { findNode } from './find-node.ts';
import { findVersionByRef } from '../versions/lookup-version.ts';

// The records admin routes act on. Deleted nodes are gone for admins too (404): their ids stay
// reserved forever, but nothing about them may be edited any more.

export async function getAdminNode(db: Db, nodeId: string): Promise<NodeRow> {
  const node = await findNode(db, nodeId);
  if (!node || node.status === 'NodeStatusDeleted') throw notFound(`Node "${nodeId}" not found.`);
  return node;
}

export async function getAdminVersion(
  db: Db,
  nodeId: string,
  versionRef: string,
): Promise<{ node: NodeRow; version: NodeVersionRow }> {
  const node = await getAdminNode(db, nodeId);
  const found = await findVersionByRef(db, node.id, versionRef);
  if (!found) throw notFound(`Version "${versionRef}" of node "${node.id}" not found.`);
  return { node, version: found.version };
}
