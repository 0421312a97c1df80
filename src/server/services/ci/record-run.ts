import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ciGitCommits, ciOutputFiles, ciWorkflowResults, type WorkflowRunStatus } from '../../db/schema/index.ts';
import { recordAudit, type AuditActor } from '../audit/record.ts';
import { parseOutputFiles } from './output-files.ts';
import { normalizeRepoName } from './repo-name.ts';

/** One job's results as POST /upload-artifact receives them (already validated). */
export interface WorkflowRunUpload {
  repo: string;
  job_id: string;
  run_id: string;
  os: string;
  cuda_version?: string | undefined;
  bucket_name?: string | undefined;
  output_files_gcs_paths?: string | undefined;
  comfy_logs_gcs_path?: string | undefined;
  comfy_run_flags?: string | undefined;
  commit_hash: string;
  commit_time: Date;
  commit_message: string;
  workflow_name: string;
  branch_name: string;
  start_time: number;
  end_time: number;
  avg_vram?: number | undefined;
  peak_vram?: number | undefined;
  pr_number: string;
  author: string;
  job_trigger_user: string;
  python_version: string;
  pytorch_version?: string | undefined;
  machine_stats?: Record<string, unknown> | undefined;
  status: WorkflowRunStatus;
}

export interface RecordedRun {
  commitId: string;
  resultId: string;
  /** True when an earlier upload of the same run was replaced. */
  replaced: boolean;
}

/**
 * Stores a job's results in one transaction: upserts the commit on (repo, hash), then upserts the
 * result on its run identity, so uploading the same run twice (or re-running it) keeps one row
 * with the newest data; its output files are replaced as a whole.
 */
export async function recordWorkflowRun(
  db: Db,
  upload: WorkflowRunUpload,
  actor: AuditActor & { service?: string },
  now: Date,
): Promise<RecordedRun> {
  const repoName = normalizeRepoName(upload.repo);
  const gpuType = typeof upload.machine_stats?.['gpu_type'] === 'string' ? upload.machine_stats['gpu_type'].trim() : '';
  return db.transaction(async (tx) => {
    const commitFields = {
      branchName: upload.branch_name,
      commitMessage: upload.commit_message,
      commitTime: upload.commit_time,
      author: upload.author,
      prNumber: upload.pr_number,
    };
    const [commit] = await tx
      .insert(ciGitCommits)
      .values({ repoName, commitHash: upload.commit_hash, ...commitFields })
      .onConflictDoUpdate({
        target: [ciGitCommits.repoName, ciGitCommits.commitHash],
        set: { ...commitFields, updatedAt: now },
      })
      .returning({ id: ciGitCommits.id });

    const identity = {
      commitId: commit!.id,
      workflowName: upload.workflow_name,
      operatingSystem: upload.os,
      gpuType,
      pythonVersion: upload.python_version,
      cudaVersion: upload.cuda_version ?? '',
    };
    const [previous] = await tx
      .select({ id: ciWorkflowResults.id, runId: ciWorkflowResults.runId, status: ciWorkflowResults.status })
      .from(ciWorkflowResults)
      .where(
        and(
          eq(ciWorkflowResults.commitId, identity.commitId),
          eq(ciWorkflowResults.workflowName, identity.workflowName),
          eq(ciWorkflowResults.operatingSystem, identity.operatingSystem),
          eq(ciWorkflowResults.gpuType, identity.gpuType),
          eq(ciWorkflowResults.pythonVersion, identity.pythonVersion),
          eq(ciWorkflowResults.cudaVersion, identity.cudaVersion),
        ),
      );
    const details = {
      runId: upload.run_id,
      jobId: upload.job_id,
      status: upload.status,
      startTime: upload.start_time,
      endTime: upload.end_time,
      pytorchVersion: upload.pytorch_version ?? '',
      comfyRunFlags: upload.comfy_run_flags ?? '',
      avgVram: upload.avg_vram ?? null,
      peakVram: upload.peak_vram ?? null,
      jobTriggerUser: upload.job_trigger_user,
      machineStats: upload.machine_stats ?? null,
      bucketName: upload.bucket_name ?? '',
      comfyLogsGcsPath: upload.comfy_logs_gcs_path ?? '',
    };
    const [result] = await tx
      .insert(ciWorkflowResults)
      .values({ ...identity, ...details })
      .onConflictDoUpdate({
        target: [
          ciWorkflowResults.commitId,
          ciWorkflowResults.workflowName,
          ciWorkflowResults.operatingSystem,
          ciWorkflowResults.gpuType,
          ciWorkflowResults.pythonVersion,
          ciWorkflowResults.cudaVersion,
        ],
        set: { ...details, updatedAt: now },
      })
      .returning({ id: ciWorkflowResults.id });

    const resultId = result!.id;
    await tx.delete(ciOutputFiles).where(eq(ciOutputFiles.resultId, resultId));
    const files = parseOutputFiles(upload.output_files_gcs_paths, upload.bucket_name);
    if (files.length > 0) {
      await tx.insert(ciOutputFiles).values(files.map((file, position) => ({ resultId, position, ...file })));
    }

    const summary = { repo: repoName, commit: upload.commit_hash, ...identity, runId: upload.run_id };
    await recordAudit(tx, {
      actor: { userId: actor.userId, kind: actor.kind },
      action: previous ? 'ci.result.replace' : 'ci.result.create',
      targetType: 'ci_workflow_result',
      targetId: resultId,
      before: previous ?? null,
      after: { ...summary, status: upload.status, outputs: files.length, via: actor.service ?? null },
    });
    return { commitId: commit!.id, resultId, replaced: previous !== undefined };
  });
}
