import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { NodeRow, UserRow } from '../../db/rows.ts';
import { nodes } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { recordAudit, userActor } from '../audit/record.ts';
import { assertIdNotConfusable, confusableIdError, findConfusableNode } from './confusable-id.ts';
import { findPublisher } from '../publishers/access.ts';
import { parseGitHubRepo } from '../publishers/github-repo.ts';
import { toNodeColumns, type NodeFieldsInput } from './node-fields.ts';
import { ensureUnclaimedPublisher, UNCLAIMED_PUBLISHER_ID } from '../publishers/unclaimed.ts';
import { isValidNodeId } from '../publish/node-id.ts';
import { ADMIN_ACTIONS } from '../audit/actions.ts';

export interface ReserveNodeInput extends NodeFieldsInput {
  id?: string | undefined;
  repository: string;
  publisher_id?: string | undefined;
}

/** https://github.com/owner/repo, whatever form the admin typed. */
export function canonicalRepository(owner: string, repo: string): string {
  return `https://github.com/${owner}/${repo}`;
}

/**
 * Reserves a node for a GitHub repository: the node is created unclaimed (or under the publisher
 * named), so that the repository's owner can later claim it with proof of control. One node per
 * repository and per id (case-insensitive): duplicates are a 409.
 */
export async function reserveNode(db: Db, actor: UserRow, input: ReserveNodeInput): Promise<NodeRow> {
  const repo = parseGitHubRepo(input.repository);
  if (!repo)
    throw badRequest(
      'repository must be a GitHub repository URL (https://github.com/owner/repo).',
      'invalid_repository',
    );
  const repository = canonicalRepository(repo.owner, repo.repo);
  const id = input.id?.trim() || repo.repo;
  if (!isValidNodeId(id)) {
    throw badRequest(
      `"${id}" is not a valid node id: 1 to 100 letters, digits, ".", "_" or "-", starting and ending with a letter or digit.`,
      'invalid_node_id',
    );
  }
  const publisherId = input.publisher_id?.trim().toLowerCase() || UNCLAIMED_PUBLISHER_ID;
  return db.transaction(async (tx) => {
    if (publisherId === UNCLAIMED_PUBLISHER_ID) {
      await ensureUnclaimedPublisher(tx);
    } else {
      const publisher = await findPublisher(tx, publisherId);
      if (!publisher) throw notFound(`Publisher "${publisherId}" not found.`);
      if (publisher.status === 'PublisherStatusBanned') {
        throw conflict(`Publisher "${publisher.id}" is banned.`, 'publisher_banned');
      }
    }
    const [sameRepo] = await tx
      .select({ id: nodes.id })
      .from(nodes)
      .where(
        sql`lower(${nodes.repository}) IN (${repository.toLowerCase()}, ${`${repository.toLowerCase()}.git`}, ${`${repository.toLowerCase()}/`})`,
      )
      .limit(1);
    if (sameRepo) {
      throw conflict(`Repository ${repository} already belongs to node "${sameRepo.id}".`, 'repository_taken');
    }
    await assertIdNotConfusable(tx, id);
    const [created] = await tx
      .insert(nodes)
      .values({
        ...toNodeColumns({ ...input, repository }),
        id,
        normalizedId: id.toLowerCase(),
        publisherId,
        name: input.name?.trim() || id,
      })
      .onConflictDoNothing()
      .returning();
    if (!created) {
      // A create of a look-alike id committed meanwhile (the key index), or this very id.
      const holder = await findConfusableNode(tx, id);
      if (holder) throw confusableIdError(id, holder);
      throw conflict(`The node id "${id}" is already taken (ids are unique regardless of case).`, 'node_id_taken');
    }
    await recordAudit(tx, {
      actor: userActor(actor),
      action: ADMIN_ACTIONS.nodeReserve,
      targetType: 'node',
      targetId: created.id,
      after: { id: created.id, name: created.name, repository, publisher_id: publisherId },
    });
    return created;
  });
}
