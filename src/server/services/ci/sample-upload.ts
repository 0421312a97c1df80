import type { WorkflowRunUpload } from './record-run.ts';

/**
 * A complete, valid POST /upload-artifact body (as JSON) for tests and demo data; override any
 * field. `commit_time` is an RFC 3339 string here, as on the wire.
 */
export function sampleUpload(
  overrides: Partial<Record<keyof WorkflowRunUpload, unknown>> & Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    repo: 'comfyanonymous/ComfyUI',
    job_id: 'job-1',
    run_id: 'run-1',
    os: 'linux',
    cuda_version: '12.4',
    bucket_name: 'comfy-ci-results',
    output_files_gcs_paths: 'output/ComfyUI_00001_.png,output/ComfyUI_00002_.png',
    comfy_logs_gcs_path: 'logs/comfy.log',
    comfy_run_flags: '--lowvram',
    commit_hash: 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678',
    commit_time: '2026-05-01T10:00:00Z',
    commit_message: 'Fix the sampler',
    workflow_name: 'default.json',
    branch_name: 'master',
    start_time: 1_777_629_600,
    end_time: 1_777_629_900,
    avg_vram: 4096,
    peak_vram: 8192,
    pr_number: '42',
    author: 'comfyanonymous',
    job_trigger_user: 'comfyanonymous',
    python_version: '3.12',
    pytorch_version: '2.7.0',
    machine_stats: { machine_name: 'runner-1', gpu_type: 'NVIDIA RTX 4090', os_version: 'Ubuntu 24.04' },
    status: 'WorkflowRunStatusCompleted',
    ...overrides,
  };
}
