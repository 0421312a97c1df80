import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ciGitCommits, ciWorkflowResults, type WorkflowRunStatus } from '../../db/schema/index.ts';
import { summarizeBy } from './status-summary.ts';

export type CommitRow = typeof ciGitCommits.$inferSelect;

/** What a commit's results look like in a summary (no machine stats: summaries stay small). */
export interface ResultBrief {
  id: string;
  workflowName: string;
  operatingSystem: string;
  gpuType: string;
  pythonVersion: string;
  cudaVersion: string;
  status: WorkflowRunStatus;
}

export interface CommitWithResults {
  commit: CommitRow;
  results: ResultBrief[];
}

/**
 * A page of a repository's commits (optionally one branch), newest first, each with its results.
 * Paged in SQL on the commits table, so the cost is one page, whatever the history length.
 */
export async function listCommitsWithResults(
  db: Db,
  filters: { repoName: string; branchName?: string | undefined },
  paging: { page: number; pageSize: number },
): Promise<{ commits: CommitWithResults[]; total: number }> {
  const where = and(
    eq(ciGitCommits.repoName, filters.repoName),
    filters.branchName ? eq(ciGitCommits.branchName, filters.branchName) : undefined,
  );
  const [counted] = await db.select({ total: count() }).from(ciGitCommits).where(where);
  const commits = await db
    .select()
    .from(ciGitCommits)
    .where(where)
    .orderBy(desc(ciGitCommits.commitTime), asc(ciGitCommits.id))
    .limit(paging.pageSize)
    .offset((paging.page - 1) * paging.pageSize);
  const ids = commits.map((commit) => commit.id);
  const results = ids.length
    ? await db
        .select({
          id: ciWorkflowResults.id,
          commitId: ciWorkflowResults.commitId,
          workflowName: ciWorkflowResults.workflowName,
          operatingSystem: ciWorkflowResults.operatingSystem,
          gpuType: ciWorkflowResults.gpuType,
          pythonVersion: ciWorkflowResults.pythonVersion,
          cudaVersion: ciWorkflowResults.cudaVersion,
          status: ciWorkflowResults.status,
        })
        .from(ciWorkflowResults)
        .where(inArray(ciWorkflowResults.commitId, ids))
        .orderBy(asc(ciWorkflowResults.operatingSystem), asc(ciWorkflowResults.gpuType), asc(ciWorkflowResults.id))
    : [];
  const byCommit = new Map<string, ResultBrief[]>();
  for (const { commitId, ...brief } of results) byCommit.set(commitId, [...(byCommit.get(commitId) ?? []), brief]);
  return {
    commits: commits.map((commit) => ({ commit, results: byCommit.get(commit.id) ?? [] })),
    total: counted?.total ?? 0,
  };
}

/** The contract's GitCommitSummary: status per operating system (a failure anywhere fails the OS). */
export function toApiCommitSummary({ commit, results }: CommitWithResults) {
  return {
    commit_hash: commit.commitHash,
    commit_name: commit.commitMessage,
    branch_name: commit.branchName,
    ...(commit.author ? { author: commit.author } : {}),
    timestamp: commit.commitTime.toISOString(),
    status_summary: summarizeBy(results, (result) => result.operatingSystem),
  };
}
