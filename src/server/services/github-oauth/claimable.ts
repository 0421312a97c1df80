import type { Db } from '../../db/client.ts';
import type { NodeRow, UserRow } from '../../db/rows.ts';
import { badRequest, forbidden, notFound } from '../../errors.ts';
import { findNode } from '../nodes/find-node.ts';
import { parseGitHubRepo } from '../publishers/github-repo.ts';
import { assertNodeWritable } from '../nodes/publisher-nodes.ts';
import { isUnclaimedPublisher } from '../publishers/unclaimed.ts';

/**
 * The checks claim-my-node makes before asking GitHub, run before the user is sent to GitHub too:
 * nobody should approve an OAuth app only to learn the node was never claimable. The claim itself
 * repeats them (the node may change during the round-trip).
 */
export async function getClaimableNode(db: Db, nodeId: string, actor: UserRow): Promise<NodeRow> {
  const node = await findNode(db, nodeId);
  if (!node || node.status === 'NodeStatusDeleted') throw notFound(`Node "${nodeId}" not found.`);
  assertNodeWritable(node, actor);
  if (!(await isUnclaimedPublisher(db, node.publisherId))) {
    throw forbidden(`Node "${node.id}" has already been claimed by a publisher.`, 'node_already_claimed');
  }
  if (!parseGitHubRepo(node.repository)) {
    throw badRequest(
      `Node "${node.id}" has no GitHub repository URL, so ownership cannot be verified.`,
      'node_repository_not_github',
    );
  }
  return node;
}
