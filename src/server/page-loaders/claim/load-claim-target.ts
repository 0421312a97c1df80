import type { Db } from '../../db/client.ts';
import { findNode } from '../../services/nodes/find-node.ts';
import { parseGitHubRepo } from '../../services/publishers/github-repo.ts';
import { isUnclaimedPublisher } from '../../services/publishers/unclaimed.ts';

export type ClaimTarget =
  | { kind: 'missing' }
  | { kind: 'not_found'; nodeId: string }
  | {
      kind: 'claimable' | 'claimed' | 'no_repository' | 'banned';
      node: { id: string; name: string; repository: string | null; repo: string | null };
    };

/**
 * What the claim page shows about the node named in its URL: whether it can be claimed at all,
 * before the user picks a publisher (the API checks again when the claim starts).
 */
export async function loadClaimTarget(db: Db, rawNodeId: string | null): Promise<ClaimTarget> {
  const nodeId = rawNodeId?.trim() ?? '';
  if (!nodeId) return { kind: 'missing' };
  const row = await findNode(db, nodeId);
  if (!row || row.status === 'NodeStatusDeleted') return { kind: 'not_found', nodeId };
  const ref = parseGitHubRepo(row.repository);
  const node = {
    id: row.id,
    name: row.name || row.id,
    repository: row.repository,
    repo: ref ? `${ref.owner}/${ref.repo}` : null,
  };
  if (row.status === 'NodeStatusBanned') return { kind: 'banned', node };
  if (!(await isUnclaimedPublisher(db, row.publisherId))) return { kind: 'claimed', node };
  if (!ref) return { kind: 'no_repository', node };
  return { kind: 'claimable', node };
}
