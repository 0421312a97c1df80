import { countPages } from '../../../lib/paging.ts';
import type { Db } from '../../db/client.ts';
import { listBranches, listRepos } from '../../services/ci/branches.ts';
import { listCommitsWithResults, type CommitRow } from '../../services/ci/commit-summaries.ts';
import { DEFAULT_CI_REPO, normalizeRepoName } from '../../services/ci/repo-name.ts';
import { summarizeBy } from '../../services/ci/status-summary.ts';
import type { WorkflowRunStatus } from '../../services/ci/workflow-status.ts';

export const DASHBOARD_PAGE_SIZE = 20;

/** One column of the dashboard: an operating system, on one GPU ('' = none reported). */
export interface CiColumn {
  key: string;
  os: string;
  gpu: string;
}

export interface CiDashboard {
  repo: string;
  repos: string[];
  branches: string[];
  /** The branch filter, when it names a known branch. */
  branch: string | undefined;
  page: number;
  totalPages: number;
  columns: CiColumn[];
  commits: { commit: CommitRow; cells: Record<string, WorkflowRunStatus> }[];
}

const columnKey = (os: string, gpu: string) => `${os}\u0000${gpu}`;

/** The /{lang}/ci page: a page of commits with one status per OS/GPU pair seen on that page. */
export async function loadCiDashboard(
  db: Db,
  params: { repo?: string | null; branch?: string | null; page: number },
): Promise<CiDashboard> {
  const repos = await listRepos(db);
  const asked = normalizeRepoName(params.repo ?? undefined);
  const repo = repos.includes(asked) ? asked : repos.includes(DEFAULT_CI_REPO) ? DEFAULT_CI_REPO : (repos[0] ?? asked);
  const branches = await listBranches(db, repo);
  const branch = params.branch && branches.includes(params.branch) ? params.branch : undefined;
  const { commits, total } = await listCommitsWithResults(
    db,
    { repoName: repo, branchName: branch },
    { page: params.page, pageSize: DASHBOARD_PAGE_SIZE },
  );
  const columns = new Map<string, CiColumn>();
  for (const { results } of commits) {
    for (const result of results) {
      const key = columnKey(result.operatingSystem, result.gpuType);
      columns.set(key, { key, os: result.operatingSystem, gpu: result.gpuType });
    }
  }
  return {
    repo,
    repos,
    branches,
    branch,
    page: params.page,
    totalPages: countPages(total, DASHBOARD_PAGE_SIZE),
    columns: [...columns.values()].sort((a, b) => a.os.localeCompare(b.os) || a.gpu.localeCompare(b.gpu)),
    commits: commits.map(({ commit, results }) => ({
      commit,
      cells: summarizeBy(results, (result) => columnKey(result.operatingSystem, result.gpuType)),
    })),
  };
}

// What the CI page and its components need besides the loader (pages import server code only from src/server/page-loaders/).
export { DEFAULT_CI_REPO } from '../../services/ci/repo-name.ts';
export type { WorkflowRunStatus } from '../../services/ci/workflow-status.ts';
