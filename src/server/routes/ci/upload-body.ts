import { z } from '@hono/zod-openapi';
import type { WorkflowRunStatus } from '../../services/ci/workflow-status.ts';
import { MachineStatsSchema, WorkflowRunStatusSchema } from './schemas.ts';

const required = (max: number) => z.string().trim().min(1, 'Required.').max(max);
const text = (max: number) => z.string().max(max);

/** Unix seconds as a number or a numeric string (shell uploaders often quote them). */
const unixSeconds = z
  .union([
    z.number().int(),
    z
      .string()
      .regex(/^-?\d+$/, 'Expected Unix seconds.')
      .transform(Number),
  ])
  .openapi({ type: 'integer', format: 'int64', description: 'Unix seconds.' });

const megabytes = z
  .union([z.number().int().nonnegative(), z.string().regex(/^\d+$/, 'Expected an integer.').transform(Number)])
  .optional()
  .openapi({ type: 'integer' });

// The older uploader spelled the states STARTED / FAILED / COMPLETED; both spellings are accepted.
const SHORT_STATUS: Record<string, WorkflowRunStatus> = {
  STARTED: 'WorkflowRunStatusStarted',
  FAILED: 'WorkflowRunStatusFailed',
  COMPLETED: 'WorkflowRunStatusCompleted',
};
const status = z.preprocess(
  (value) => (typeof value === 'string' ? (SHORT_STATUS[value.toUpperCase()] ?? value) : value),
  WorkflowRunStatusSchema,
);

/** POST /upload-artifact: the contract's fields and required list. Unknown fields are ignored. */
export const UploadArtifactBody = z.object({
  repo: required(200).openapi({ description: 'owner/name; stored lower-cased.' }),
  job_id: required(200),
  run_id: required(200),
  os: required(100),
  cuda_version: text(100).optional(),
  bucket_name: text(300).optional(),
  output_files_gcs_paths: text(50_000).optional().openapi({ description: 'Comma-separated GCS paths.' }),
  comfy_logs_gcs_path: text(2000).optional(),
  comfy_run_flags: text(2000).optional(),
  commit_hash: required(100),
  commit_time: z.iso
    .datetime({ offset: true, message: 'Expected an RFC 3339 date-time such as 2026-01-31T12:00:00Z.' })
    .transform((value) => new Date(value)),
  commit_message: text(20_000),
  workflow_name: required(300),
  branch_name: required(300),
  start_time: unixSeconds,
  end_time: unixSeconds,
  avg_vram: megabytes,
  peak_vram: megabytes,
  pr_number: z.union([text(50), z.number().int().transform(String)]).openapi({ type: 'string' }),
  author: text(300),
  job_trigger_user: text(300),
  python_version: required(50),
  pytorch_version: text(100).optional(),
  machine_stats: MachineStatsSchema.optional(),
  status,
});
