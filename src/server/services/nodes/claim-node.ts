import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { NodeRow, PublisherRow, UserRow } from '../../db/rows.ts';
import { nodes } from '../../db/schema/index.ts';
import { ApiError, badRequest, forbidden, notFound } from '../../errors.ts';
import { recordAudit, userActor } from '../audit/record.ts';
import { findNode } from './find-node.ts';
import { parseGitHubRepo } from '../publishers/github-repo.ts';
import type { GitHubAccess, GitHubVerifier } from '../publishers/github-verifier.ts';
import { assertNodeWritable } from './publisher-nodes.ts';
import { isUnclaimedPublisher } from '../publishers/unclaimed.ts';

export interface ClaimInput {
  actor: UserRow;
  publisher: PublisherRow;
  nodeId: string;
  githubToken: string;
  verifier: GitHubVerifier;
  now: Date;
}

function accessError(access: Exclude<GitHubAccess, { ok: true }>, repo: string): ApiError {
  switch (access.reason) {
    case 'invalid_token':
      return forbidden('The GitHub token is invalid or expired.', 'github_token_invalid');
    case 'not_found':
      return forbidden(
        `GitHub repository ${repo} was not found, or your GitHub token cannot see it.`,
        'github_repo_not_found',
      );
    case 'insufficient_permission':
      return forbidden(
        `Your GitHub account needs push or admin permission on ${repo} to claim this node.`,
        'github_permission_denied',
      );
    case 'rate_limited':
      return new ApiError(429, 'github_rate_limited', 'GitHub is rate-limiting us. Try again in a few minutes.');
    case 'unavailable':
      return new ApiError(
        503,
        'github_unavailable',
        'GitHub could not be reached to verify the repository. Try again later.',
      );
  }
}

/**
 * Moves an unclaimed node into the caller's publisher once GitHub confirms the caller controls the
 * node's repository. GitHub is asked before the transaction (no network call while holding locks);
 * the move itself is conditional, so two racing claims cannot both win.
 */
export async function claimNode(db: Db, input: ClaimInput): Promise<NodeRow> {
  const { actor, publisher, nodeId } = input;
  const node = await findNode(db, nodeId);
  if (!node || node.status === 'NodeStatusDeleted') throw notFound(`Node "${nodeId}" not found.`);
  assertNodeWritable(node, actor);
  if (!(await isUnclaimedPublisher(db, node.publisherId))) {
    throw forbidden(`Node "${node.id}" has already been claimed by a publisher.`, 'node_already_claimed');
  }
  const repo = parseGitHubRepo(node.repository);
  if (!repo) {
    throw badRequest(
      `Node "${node.id}" has no GitHub repository URL, so ownership cannot be verified.`,
      'node_repository_not_github',
    );
  }
  const access = await input.verifier.checkRepoAccess({ ...repo, token: input.githubToken });
  if (!access.ok) throw accessError(access, `${repo.owner}/${repo.repo}`);

  return db.transaction(async (tx) => {
    const [moved] = await tx
      .update(nodes)
      .set({ publisherId: publisher.id, updatedAt: input.now })
      .where(and(eq(nodes.id, node.id), eq(nodes.publisherId, node.publisherId)))
      .returning();
    if (!moved) throw forbidden(`Node "${node.id}" has already been claimed by a publisher.`, 'node_already_claimed');
    await recordAudit(tx, {
      actor: userActor(actor),
      action: 'node.claim',
      targetType: 'node',
      targetId: node.id,
      before: { publisher_id: node.publisherId },
      after: { publisher_id: publisher.id, repository: node.repository },
    });
    return moved;
  });
}
