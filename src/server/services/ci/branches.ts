import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ciGitCommits } from '../../db/schema/index.ts';

/** The distinct branches the CI has results for in a repository, alphabetically. */
export async function listBranches(db: Db, repoName: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ branch: ciGitCommits.branchName })
    .from(ciGitCommits)
    .where(eq(ciGitCommits.repoName, repoName))
    .orderBy(asc(ciGitCommits.branchName));
  return rows.map((row) => row.branch);
}

/** Every repository with CI results, alphabetically (for the dashboard's repository links). */
export async function listRepos(db: Db): Promise<string[]> {
  const rows = await db
    .selectDistinct({ repo: ciGitCommits.repoName })
    .from(ciGitCommits)
    .orderBy(asc(ciGitCommits.repoName));
  return rows.map((row) => row.repo);
}
