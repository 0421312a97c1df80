import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { ciUploader } from '#test/routes/ci-test-data.ts';

interface JobResult {
  id: string;
  commit_id: string;
  commit_hash: string;
  operating_system: string;
  branch_name: string;
}
interface Page {
  jobResults: JobResult[];
  totalNumberOfPages: number;
}

let t: TestApp;
const REPO = 'Acme/Widgets';

beforeAll(async () => {
  t = await createTestApp();
  const upload = await ciUploader(t);
  const older = { repo: REPO, commit_hash: 'aaa111', commit_time: '2026-04-01T00:00:00Z', branch_name: 'master' };
  await upload({ ...older, os: 'linux' });
  await upload({ ...older, os: 'windows', status: 'WorkflowRunStatusFailed' });
  await upload({ repo: REPO, commit_hash: 'bbb222', commit_time: '2026-04-02T00:00:00Z', branch_name: 'dev' });
  await upload({ commit_hash: 'ccc333' }); // the default repository
});
afterAll(() => t.close());

const get = async (query: string) => {
  const response = await t.request(`/gitcommit?${query}`);
  return { status: response.status, body: (await response.json()) as Page & { error?: string } };
};

describe('GET /gitcommit', () => {
  it('lists a repository’s results newest commit first, with the contract’s fields', async () => {
    const { status, body } = await get('repoName=acme/widgets');
    expect(status).toBe(200);
    expect(body.totalNumberOfPages).toBe(1);
    expect(body.jobResults.map((r) => [r.commit_hash, r.operating_system])).toEqual([
      ['bbb222', 'linux'],
      ['aaa111', 'linux'],
      ['aaa111', 'windows'],
    ]);
    expect(body.jobResults[0]).toEqual({
      id: expect.any(String),
      workflow_name: 'default.json',
      operating_system: 'linux',
      python_version: '3.12',
      pytorch_version: '2.7.0',
      action_run_id: 'run-1',
      action_job_id: 'job-1',
      cuda_version: '12.4',
      branch_name: 'dev',
      commit_hash: 'bbb222',
      commit_id: expect.any(String),
      commit_time: Date.parse('2026-04-02T00:00:00Z') / 1000,
      commit_message: 'Fix the sampler',
      comfy_run_flags: '--lowvram',
      git_repo: 'acme/widgets',
      pr_number: '42',
      start_time: 1_777_629_600,
      end_time: 1_777_629_900,
      avg_vram: 4096,
      peak_vram: 8192,
      job_trigger_user: 'comfyanonymous',
      author: 'comfyanonymous',
      machine_stats: { machine_name: 'runner-1', gpu_type: 'NVIDIA RTX 4090', os_version: 'Ubuntu 24.04' },
      status: 'WorkflowRunStatusCompleted',
      storage_file: {
        id: expect.any(String),
        file_path: 'output/ComfyUI_00001_.png',
        public_url: 'https://storage.googleapis.com/comfy-ci-results/output/ComfyUI_00001_.png',
      },
    });
  });

  it('defaults to comfyanonymous/ComfyUI', async () => {
    const { body } = await get('');
    expect(body.jobResults.map((r) => r.commit_hash)).toEqual(['ccc333']);
  });

  it('filters by branch, operating system, workflow and commit id', async () => {
    expect((await get(`repoName=${REPO}&branch=master`)).body.jobResults).toHaveLength(2);
    const windows = (await get(`repoName=${REPO}&operatingSystem=windows`)).body.jobResults;
    expect(windows.map((r) => r.commit_hash)).toEqual(['aaa111']);
    expect((await get(`repoName=${REPO}&workflowName=other.json`)).body.jobResults).toEqual([]);
    const commitId = windows[0]!.commit_id;
    const byCommit = (await get(`repoName=${REPO}&commitId=${commitId}`)).body.jobResults;
    expect(byCommit.map((r) => r.operating_system)).toEqual(['linux', 'windows']);
  });

  it('pages with pageSize, and clamps a huge pageSize instead of failing', async () => {
    const second = await get(`repoName=${REPO}&pageSize=1&page=2`);
    expect(second.body.totalNumberOfPages).toBe(3);
    expect(second.body.jobResults.map((r) => [r.commit_hash, r.operating_system])).toEqual([['aaa111', 'linux']]);
    const huge = await get(`repoName=${REPO}&pageSize=100000`);
    expect(huge.status).toBe(200);
    expect(huge.body.jobResults).toHaveLength(3);
    expect((await get(`repoName=${REPO}&page=9`)).body.jobResults).toEqual([]);
  });

  it('answers 404 for an unknown commit id and 400 for a malformed one', async () => {
    const unknown = await get('commitId=00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('not_found');
    const malformed = await get('commitId=abc');
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toBe('validation_error');
    expect((await get(`branch=${'x'.repeat(300)}`)).status).toBe(400);
  });
});
