import type { Db } from '../../db/client.ts';
import type { NodeRow, NodeVersionRow } from '../../db/rows.ts';
import { notFound } from '../../errors.ts';
import { getAdminNode } from '../nodes/admin-node.ts';
import { findVersionByRef } from './lookup-version.ts';

/** The version an admin route acts on (by number or id), of a node that is not deleted; else 404. */
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
