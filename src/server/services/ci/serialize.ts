import type { WorkflowRunStatus } from '../../db/schema/index.ts';
import type { JobResultRecord } from './job-results.ts';

/** The contract's MachineStats, as uploaded (validated on the way in). */
export interface MachineStats {
  machine_name?: string | undefined;
  os_version?: string | undefined;
  gpu_type?: string | undefined;
  cpu_capacity?: string | undefined;
  initial_cpu?: string | undefined;
  memory_capacity?: string | undefined;
  initial_ram?: string | undefined;
  vram_time_series?: Record<string, unknown> | undefined;
  disk_capacity?: string | undefined;
  initial_disk?: string | undefined;
  pip_freeze?: string | undefined;
}

/** The contract's ActionJobResult; optional fields are omitted (never null) when unknown. */
export interface ApiActionJobResult {
  id: string;
  workflow_name: string;
  operating_system: string;
  python_version: string;
  pytorch_version?: string;
  action_run_id: string;
  action_job_id: string;
  cuda_version?: string;
  branch_name: string;
  commit_hash: string;
  commit_id: string;
  commit_time: number;
  commit_message: string;
  comfy_run_flags?: string;
  git_repo: string;
  pr_number?: string;
  start_time: number;
  end_time: number;
  avg_vram?: number;
  peak_vram?: number;
  job_trigger_user?: string;
  author?: string;
  machine_stats?: MachineStats;
  status: WorkflowRunStatus;
  storage_file?: { id: string; file_path: string; public_url: string };
}

const optional = <K extends string, V>(key: K, value: V | null | undefined | '') =>
  (value === null || value === undefined || value === '' ? {} : { [key]: value }) as Partial<Record<K, V>>;

export function toApiActionJobResult({ result, commit, firstOutput }: JobResultRecord): ApiActionJobResult {
  return {
    id: result.id,
    workflow_name: result.workflowName,
    operating_system: result.operatingSystem,
    python_version: result.pythonVersion,
    ...optional('pytorch_version', result.pytorchVersion),
    action_run_id: result.runId,
    action_job_id: result.jobId,
    ...optional('cuda_version', result.cudaVersion),
    branch_name: commit.branchName,
    commit_hash: commit.commitHash,
    commit_id: commit.id,
    commit_time: Math.floor(commit.commitTime.getTime() / 1000),
    commit_message: commit.commitMessage,
    ...optional('comfy_run_flags', result.comfyRunFlags),
    git_repo: commit.repoName,
    ...optional('pr_number', commit.prNumber),
    start_time: result.startTime,
    end_time: result.endTime,
    ...optional('avg_vram', result.avgVram),
    ...optional('peak_vram', result.peakVram),
    ...optional('job_trigger_user', result.jobTriggerUser),
    ...optional('author', commit.author),
    ...optional('machine_stats', result.machineStats as MachineStats | null),
    status: result.status,
    ...(firstOutput
      ? { storage_file: { id: firstOutput.id, file_path: firstOutput.filePath, public_url: firstOutput.publicUrl } }
      : {}),
  };
}
