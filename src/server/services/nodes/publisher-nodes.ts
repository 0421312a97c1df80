import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { NodeRow, NodeVersionRow, PublisherRow, UserRow } from '../../db/rows.ts';
import { nodeVersions } from '../../db/schema/index.ts';
import { forbidden, notFound } from '../../errors.ts';
import { findNode } from './find-node.ts';

/**
 * The node named in the path, only if it belongs to the publisher in the path and is not deleted.
 * Anything else is a 404 with the same message, so the path cannot be used to probe other publishers.
 */
export async function getPublisherNode(db: Db, publisher: PublisherRow, nodeId: string): Promise<NodeRow> {
  const node = await findNode(db, nodeId);
  if (!node || node.publisherId !== publisher.id || node.status === 'NodeStatusDeleted') {
    throw notFound(`Node "${nodeId}" not found in publisher "${publisher.id}".`);
  }
  return node;
}

/** A banned node is frozen for everyone but admins (the ban must not be edited or deleted away). */
export function assertNodeWritable(node: NodeRow, viewer: UserRow): void {
  if (node.status === 'NodeStatusBanned' && !viewer.isAdmin) {
    throw forbidden(`Node "${node.id}" is banned and cannot be changed.`, 'node_banned');
  }
}

/** The version with this id, only if it belongs to this node and is not deleted (fixes upstream's IDOR). */
export async function getNodeVersion(db: Db, node: NodeRow, versionId: string): Promise<NodeVersionRow> {
  const [version] = await db
    .select()
    .from(nodeVersions)
    .where(and(eq(nodeVersions.id, versionId), eq(nodeVersions.nodeId, node.id)))
    .limit(1);
  if (!version || version.status === 'NodeVersionStatusDeleted') {
    throw notFound(`Version "${versionId}" not found for node "${node.id}".`);
  }
  return version;
}
