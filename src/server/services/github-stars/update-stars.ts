import { asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { nodes } from '../../db/schema/index.ts';
import { recordAudit, type AuditActor } from '../audit/record.ts';
import { parseGitHubRepo } from '../publishers/github-repo.ts';
import type { FetchStars, StarsAnswer } from './fetch-stars.ts';

// POST /nodes/update-github-stars: one batch of the stars refresh. The nodes GitHub was asked about
// longest ago (never first) are refreshed, so repeated batches walk the whole registry. A failure
// on one node is reported and the rest go on; a node whose repository is not on GitHub is skipped
// and stamped so it does not block the head of the queue.

export const DEFAULT_STARS_BATCH = 100;
export const MAX_STARS_BATCH = 1000;
/** GitHub requests in flight at once: fast enough for a batch, gentle on the rate limit. */
export const STARS_CONCURRENCY = 8;

export interface StarsFailure {
  node_id: string;
  reason: Exclude<StarsAnswer, { ok: true }>['reason'] | 'not_github';
}

export interface StarsBatchResult {
  /** Nodes looked at in this batch. */
  checked: number;
  /** Whose star count changed (and was stored). */
  updated: number;
  unchanged: number;
  failed: StarsFailure[];
}

/** Runs `work` over `items` with at most `limit` in flight; results keep the items' order. */
export async function mapBounded<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

export async function updateGithubStars(
  db: Db,
  fetchStars: FetchStars,
  options: { batch: number; now: Date },
  input: { actor: AuditActor; caller: string },
): Promise<StarsBatchResult> {
  const batch = await db
    .select({ id: nodes.id, repository: nodes.repository, stars: nodes.githubStars })
    .from(nodes)
    .where(ne(nodes.status, 'NodeStatusDeleted'))
    .orderBy(sql`${nodes.githubStarsCheckedAt} ASC NULLS FIRST`, asc(nodes.id))
    .limit(options.batch);

  const answers = await mapBounded(batch, STARS_CONCURRENCY, async (node) => {
    const repo = parseGitHubRepo(node.repository);
    return repo ? fetchStars(repo) : ({ ok: false, reason: 'not_github' } as const);
  });

  const result: StarsBatchResult = { checked: batch.length, updated: 0, unchanged: 0, failed: [] };
  const changes: { id: string; before: number; after: number }[] = [];
  for (const [i, node] of batch.entries()) {
    const answer = answers[i]!;
    const changed = answer.ok && answer.stars !== node.stars;
    if (!answer.ok) result.failed.push({ node_id: node.id, reason: answer.reason });
    else if (changed) result.updated += 1;
    else result.unchanged += 1;
    if (changed) changes.push({ id: node.id, before: node.stars, after: answer.stars });
    // Throttled: left unstamped, so the next batch asks about it first.
    if (!answer.ok && answer.reason === 'rate_limited') continue;
    // One small write per node, each on its own: a failure here never undoes the others.
    await db
      .update(nodes)
      .set({
        githubStarsCheckedAt: options.now,
        ...(changed
          ? {
              githubStars: answer.stars,
              // Stars are part of the Node and of search ranking: a change moves updated_at (the feed).
              updatedAt: sql`GREATEST(clock_timestamp(), ${nodes.updatedAt})`,
            }
          : {}),
      })
      .where(eq(nodes.id, node.id));
  }
  if (batch.length > 0) {
    await recordAudit(db, {
      actor: input.actor,
      action: 'nodes.github_stars_refresh',
      targetType: 'nodes',
      targetId: 'github_stars',
      after: { ...result, changes, caller: input.caller },
    });
  }
  return result;
}
