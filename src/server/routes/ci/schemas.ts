import { z } from '@hono/zod-openapi';
import { WORKFLOW_RUN_STATUSES } from '../../services/ci/workflow-status.ts';
import { optionalText } from '../nodes/query-params.ts';

// The contract's CI shapes (ActionJobResult, GitCommitSummary, MachineStats) and the upload body.

export const WorkflowRunStatusSchema = z.enum(WORKFLOW_RUN_STATUSES).openapi('WorkflowRunStatus');

const MachineStatsFields = {
  machine_name: z.string().max(500).optional(),
  os_version: z.string().max(500).optional(),
  gpu_type: z.string().max(500).optional(),
  cpu_capacity: z.string().max(500).optional(),
  initial_cpu: z.string().max(500).optional(),
  memory_capacity: z.string().max(500).optional(),
  initial_ram: z.string().max(500).optional(),
  vram_time_series: z.record(z.string(), z.unknown()).optional(),
  disk_capacity: z.string().max(500).optional(),
  initial_disk: z.string().max(500).optional(),
  pip_freeze: z.string().max(200_000).optional(),
};
export const MachineStatsSchema = z.object(MachineStatsFields).openapi('MachineStats');

const StorageFileSchema = z
  .object({ id: z.string(), file_path: z.string(), public_url: z.string() })
  .openapi('StorageFile');

export const ActionJobResultSchema = z
  .object({
    id: z.string(),
    workflow_name: z.string(),
    operating_system: z.string(),
    python_version: z.string(),
    pytorch_version: z.string().optional(),
    action_run_id: z.string(),
    action_job_id: z.string(),
    cuda_version: z.string().optional(),
    branch_name: z.string(),
    commit_hash: z.string(),
    commit_id: z.string(),
    commit_time: z.number().int().openapi({ description: 'Unix seconds.' }),
    commit_message: z.string(),
    comfy_run_flags: z.string().optional(),
    git_repo: z.string().openapi({ description: 'owner/name, lower-cased.' }),
    pr_number: z.string().optional(),
    start_time: z.number().int(),
    end_time: z.number().int(),
    avg_vram: z.number().int().optional(),
    peak_vram: z.number().int().optional(),
    job_trigger_user: z.string().optional(),
    author: z.string().optional(),
    machine_stats: MachineStatsSchema.optional(),
    status: WorkflowRunStatusSchema,
    storage_file: StorageFileSchema.optional().openapi({ description: 'The first output file, if any.' }),
  })
  .openapi('ActionJobResult');

export const GitCommitSummarySchema = z
  .object({
    commit_hash: z.string(),
    commit_name: z.string().openapi({ description: 'The commit message.' }),
    branch_name: z.string(),
    author: z.string().optional(),
    timestamp: z.string().openapi({ format: 'date-time' }),
    status_summary: z.record(z.string(), WorkflowRunStatusSchema).openapi({
      description: 'Operating system → status: Failed if any result failed, else Started if any is running.',
    }),
  })
  .openapi('GitCommitSummary');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An optional uuid query parameter: malformed is a 400 (upstream crashed on it). */
export const optionalUuidQuery = optionalText
  .refine((value) => value === undefined || UUID.test(value), { message: 'Expected a UUID.' })
  .openapi({ type: 'string', format: 'uuid' });

export const uuidPathParam = z.string().regex(UUID, 'Expected a UUID.');

/** A free-text filter: at most 200 characters (no real repo, branch or workflow name is longer). */
export const filterText = optionalText.refine((value) => value === undefined || value.length <= 200, {
  message: 'At most 200 characters.',
});
