import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { NodeVersionRow } from '../../db/rows.ts';
import { nodes, publishers, users } from '../../db/schema/index.ts';
import { forbidden, type ApiError } from '../../errors.ts';
import { readPublishRecord } from './publish-record.ts';

/*
 * Bans that stop a version before it can become installable, wherever it is on its way: its
 * node banned, its publisher banned, or the account that published it banned. Asked when the zip
 * arrives (upload-gate.ts: the upload is refused) and again in the scan's final transaction
 * (moderation/scan-version.ts: the version is held, never Active), because a ban may land at any
 * moment between the upload URL being issued and the scan finishing.
 *
 * "The account that published it" comes from the version's publish record (publish-record.ts).
 */

/**
 * The ban that stops `version` now, or null. With `lock` (inside a transaction that goes on to
 * write the version), the rows read stay locked until it ends, so no ban commits between this
 * answer and that commit: the publisher (share) before the node (no key update: the scan updates
 * the node later anyway), the order a publisher ban takes them in, so the two never deadlock.
 */
export async function versionBanDenial(
  db: Db,
  version: Pick<NodeVersionRow, 'id' | 'nodeId'>,
  options: { lock?: boolean } = {},
): Promise<ApiError | null> {
  const [ref] = await db
    .select({ publisherId: nodes.publisherId })
    .from(nodes)
    .where(eq(nodes.id, version.nodeId))
    .limit(1);
  if (!ref) return null;
  const publisherQuery = db
    .select({ id: publishers.id, status: publishers.status })
    .from(publishers)
    .where(eq(publishers.id, ref.publisherId))
    .limit(1);
  const [publisher] = options.lock ? await publisherQuery.for('share') : await publisherQuery;
  const nodeQuery = db
    .select({ id: nodes.id, status: nodes.status })
    .from(nodes)
    .where(eq(nodes.id, version.nodeId))
    .limit(1);
  const [node] = options.lock ? await nodeQuery.for('no key update') : await nodeQuery;
  // The publisher first: its ban bans its nodes too, and is the cause worth naming.
  if (publisher?.status === 'PublisherStatusBanned') {
    return forbidden(`Publisher "${publisher.id}" is banned and cannot publish.`, 'publisher_banned');
  }
  if (node?.status === 'NodeStatusBanned') {
    return forbidden(`Node "${node.id}" is banned; its versions cannot be published.`, 'node_banned');
  }
  const { userId } = await readPublishRecord(db, version.id);
  if (!userId) return null;
  const userQuery = db.select({ status: users.status }).from(users).where(eq(users.id, userId)).limit(1);
  const [user] = options.lock ? await userQuery.for('share') : await userQuery;
  if (user?.status === 'UserStatusBanned') {
    return forbidden(
      'The account that published this version is banned; its versions cannot be published.',
      'user_banned',
    );
  }
  return null;
}
