import type { Context } from 'hono';
import type { AppEnv } from '../../app-env.ts';
import { authorizePublisher } from '../../auth/publisher-access.ts';
import type { NodeVersionRow, UserRow } from '../../db/rows.ts';
import { notFound } from '../../errors.ts';
import { assertNodeWritable, getPublisherNode } from '../../services/nodes/publisher-nodes.ts';
import { findVersionByRef } from '../../services/versions/lookup-version.ts';

/**
 * The version a yank or unyank names, after the publisher policy (`version.yank`: owners and admins,
 * signed in). A version of another node, another publisher's node or a deleted version is a 404.
 */
export async function yankTarget(
  c: Context<AppEnv>,
  params: { publisherId: string; nodeId: string; version: string },
): Promise<{ viewer: UserRow; version: NodeVersionRow }> {
  const { viewer, publisher } = await authorizePublisher(c, params.publisherId, 'version.yank');
  const { db } = c.get('services');
  const node = await getPublisherNode(db, publisher, params.nodeId);
  assertNodeWritable(node, viewer);
  const found = await findVersionByRef(db, node.id, params.version);
  if (!found || found.version.status === 'NodeVersionStatusDeleted') {
    throw notFound(`Version "${params.version}" not found for node "${node.id}".`);
  }
  return { viewer, version: found.version };
}
