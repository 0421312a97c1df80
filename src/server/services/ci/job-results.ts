import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ciGitCommits, ciOutputFiles, ciWorkflowResults } from '../../db/schema/index.ts';

/** A result with its commit and first output file: everything ActionJobResult shows. */
export interface JobResultRecord {
  result: typeof ciWorkflowResults.$inferSelect;
  commit: typeof ciGitCommits.$inferSelect;
  firstOutput: typeof ciOutputFiles.$inferSelect | undefined;
}

export interface JobResultFilters {
  repoName: string;
  commitId?: string | undefined;
  operatingSystem?: string | undefined;
  workflowName?: string | undefined;
  branch?: string | undefined;
}

function filtersToSql(filters: JobResultFilters): SQL | undefined {
  return and(
    eq(ciGitCommits.repoName, filters.repoName),
    filters.commitId ? eq(ciGitCommits.id, filters.commitId) : undefined,
    filters.operatingSystem ? eq(ciWorkflowResults.operatingSystem, filters.operatingSystem) : undefined,
    filters.workflowName ? eq(ciWorkflowResults.workflowName, filters.workflowName) : undefined,
    filters.branch ? eq(ciGitCommits.branchName, filters.branch) : undefined,
  );
}

async function withFirstOutputs(
  db: Db,
  rows: { result: JobResultRecord['result']; commit: JobResultRecord['commit'] }[],
): Promise<JobResultRecord[]> {
  const ids = rows.map((row) => row.result.id);
  const outputs = ids.length
    ? await db
        .select()
        .from(ciOutputFiles)
        .where(and(inArray(ciOutputFiles.resultId, ids), eq(ciOutputFiles.position, 0)))
    : [];
  const byResult = new Map(outputs.map((file) => [file.resultId, file]));
  return rows.map((row) => ({ ...row, firstOutput: byResult.get(row.result.id) }));
}

/** One page of results, newest commit first (ties in a stable order), and the total count. */
export async function listJobResults(
  db: Db,
  filters: JobResultFilters,
  paging: { page: number; pageSize: number },
): Promise<{ records: JobResultRecord[]; total: number }> {
  const where = filtersToSql(filters);
  const [counted] = await db
    .select({ total: count() })
    .from(ciWorkflowResults)
    .innerJoin(ciGitCommits, eq(ciWorkflowResults.commitId, ciGitCommits.id))
    .where(where);
  const rows = await db
    .select({ result: ciWorkflowResults, commit: ciGitCommits })
    .from(ciWorkflowResults)
    .innerJoin(ciGitCommits, eq(ciWorkflowResults.commitId, ciGitCommits.id))
    .where(where)
    .orderBy(
      desc(ciGitCommits.commitTime),
      asc(ciGitCommits.id),
      asc(ciWorkflowResults.workflowName),
      asc(ciWorkflowResults.operatingSystem),
      asc(ciWorkflowResults.id),
    )
    .limit(paging.pageSize)
    .offset((paging.page - 1) * paging.pageSize);
  return { records: await withFirstOutputs(db, rows), total: counted?.total ?? 0 };
}

/** One result by id, or undefined. */
export async function getJobResult(db: Db, id: string): Promise<JobResultRecord | undefined> {
  const rows = await db
    .select({ result: ciWorkflowResults, commit: ciGitCommits })
    .from(ciWorkflowResults)
    .innerJoin(ciGitCommits, eq(ciWorkflowResults.commitId, ciGitCommits.id))
    .where(eq(ciWorkflowResults.id, id));
  const [record] = await withFirstOutputs(db, rows);
  return record;
}

export async function commitExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: ciGitCommits.id }).from(ciGitCommits).where(eq(ciGitCommits.id, id));
  return row !== undefined;
}
