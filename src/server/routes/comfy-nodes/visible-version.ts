import type { Db } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { getVisibleNode } from '../../services/nodes/find-node.ts';
import { findVersionByRef } from '../../services/versions/lookup-version.ts';

/** The node (404 unknown/deleted, 403 banned) and its version (404 unknown or deleted). */
export async function getVisibleVersion(db: Db, nodeId: string, versionRef: string) {
  const node = await getVisibleNode(db, nodeId);
  const found = await findVersionByRef(db, node.id, versionRef);
  if (!found || found.version.status === 'NodeVersionStatusDeleted') {
    throw notFound(`Version "${versionRef}" of node "${node.id}" not found.`);
  }
  return { node, version: found.version };
}
