import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';

// Comfy CI results: the GitHub Action that runs ComfyUI's workflows on every commit uploads one
// result per (commit, workflow, OS, GPU, Python, CUDA) through POST /upload-artifact.

/**
 * The contract's WorkflowRunStatus values; a text column (not an enum) so a new state needs no
 * migration. Only types here: schema modules export tables (the value list is in services/ci).
 */
export type WorkflowRunStatus = 'WorkflowRunStatusStarted' | 'WorkflowRunStatusFailed' | 'WorkflowRunStatusCompleted';

/** One commit of a repository, as the CI saw it (the branch it was last tested on). */
export const ciGitCommits = pgTable(
  'ci_git_commits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** `owner/name`, lower-cased: lookups are case-insensitive like GitHub's. */
    repoName: text('repo_name').notNull(),
    commitHash: text('commit_hash').notNull(),
    branchName: text('branch_name').notNull(),
    commitMessage: text('commit_message').notNull().default(''),
    commitTime: timestamp('commit_time', { withTimezone: true, mode: 'date' }).notNull(),
    author: text('author').notNull().default(''),
    prNumber: text('pr_number').notNull().default(''),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('ci_git_commits_repo_hash_key').on(t.repoName, t.commitHash),
    // The dashboard reads "latest commits of a repo (on a branch)".
    index('ci_git_commits_repo_time_idx').on(t.repoName, t.commitTime),
    index('ci_git_commits_repo_branch_time_idx').on(t.repoName, t.branchName, t.commitTime),
  ],
);

/**
 * One job's result. The run identity (commit, workflow, OS, GPU, Python, CUDA) is unique: a
 * re-upload of the same run, or a re-run of it, replaces the row instead of adding one. Optional
 * identity parts are '' rather than NULL so the unique index treats "none" as one value.
 */
export const ciWorkflowResults = pgTable(
  'ci_workflow_results',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    commitId: uuid('commit_id')
      .notNull()
      .references(() => ciGitCommits.id, { onDelete: 'cascade' }),
    workflowName: text('workflow_name').notNull(),
    operatingSystem: text('operating_system').notNull(),
    /** machine_stats.gpu_type, '' when the uploader did not say. */
    gpuType: text('gpu_type').notNull().default(''),
    pythonVersion: text('python_version').notNull(),
    cudaVersion: text('cuda_version').notNull().default(''),
    runId: text('run_id').notNull(),
    jobId: text('job_id').notNull(),
    status: text('status').$type<WorkflowRunStatus>().notNull(),
    /** Unix seconds, as the uploader sends them. */
    startTime: bigint('start_time', { mode: 'number' }).notNull(),
    endTime: bigint('end_time', { mode: 'number' }).notNull(),
    pytorchVersion: text('pytorch_version').notNull().default(''),
    comfyRunFlags: text('comfy_run_flags').notNull().default(''),
    avgVram: integer('avg_vram'),
    peakVram: integer('peak_vram'),
    jobTriggerUser: text('job_trigger_user').notNull().default(''),
    machineStats: jsonb('machine_stats'),
    bucketName: text('bucket_name').notNull().default(''),
    comfyLogsGcsPath: text('comfy_logs_gcs_path').notNull().default(''),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('ci_workflow_results_run_key').on(
      t.commitId,
      t.workflowName,
      t.operatingSystem,
      t.gpuType,
      t.pythonVersion,
      t.cudaVersion,
    ),
  ],
);

/** The output files (images) of a result, in upload order. */
export const ciOutputFiles = pgTable(
  'ci_output_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    resultId: uuid('result_id')
      .notNull()
      .references(() => ciWorkflowResults.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    filePath: text('file_path').notNull(),
    publicUrl: text('public_url').notNull(),
  },
  (t) => [uniqueIndex('ci_output_files_result_position_key').on(t.resultId, t.position)],
);
