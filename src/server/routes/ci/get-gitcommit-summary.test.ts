import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { ciUploader } from '#test/routes/ci-test-data.ts';

let t: TestApp;
const REPO = 'acme/summaries';

beforeAll(async () => {
  t = await createTestApp();
  const upload = await ciUploader(t);
  const first = { repo: REPO, commit_hash: 'c1', commit_time: '2026-03-01T08:00:00Z', commit_message: 'First' };
  await upload({ ...first, os: 'linux', status: 'WorkflowRunStatusCompleted' });
  await upload({ ...first, os: 'linux', machine_stats: { gpu_type: 'A100' }, status: 'WorkflowRunStatusFailed' });
  await upload({ ...first, os: 'windows', status: 'WorkflowRunStatusCompleted' });
  await upload({ ...first, os: 'macos', status: 'WorkflowRunStatusStarted' });
  const second = { repo: REPO, commit_hash: 'c2', commit_time: '2026-03-02T08:00:00Z', branch_name: 'feature' };
  await upload({ ...second, os: 'linux', author: '' });
  await upload({ repo: REPO, commit_hash: 'c3', commit_time: '2026-03-03T08:00:00Z', os: 'linux' });
});
afterAll(() => t.close());

const get = async (query: string) => {
  const response = await t.request(`/gitcommitsummary?${query}`);
  return {
    status: response.status,
    body: (await response.json()) as {
      commitSummaries: { commit_hash: string; status_summary: Record<string, string> }[];
      totalNumberOfPages: number;
    },
  };
};

describe('GET /gitcommitsummary', () => {
  it('summarises each commit per operating system, newest first', async () => {
    const { status, body } = await get(`repoName=${REPO}`);
    expect(status).toBe(200);
    expect(body.totalNumberOfPages).toBe(1);
    expect(body.commitSummaries.map((s) => s.commit_hash)).toEqual(['c3', 'c2', 'c1']);
    expect(body.commitSummaries[2]).toEqual({
      commit_hash: 'c1',
      commit_name: 'First',
      branch_name: 'master',
      author: 'comfyanonymous',
      timestamp: '2026-03-01T08:00:00.000Z',
      // One failing GPU fails the OS; a running job is not a pass.
      status_summary: {
        linux: 'WorkflowRunStatusFailed',
        windows: 'WorkflowRunStatusCompleted',
        macos: 'WorkflowRunStatusStarted',
      },
    });
    expect(body.commitSummaries[1]).not.toHaveProperty('author');
  });

  it('filters by branch and pages exactly', async () => {
    expect((await get(`repoName=${REPO}&branchName=feature`)).body.commitSummaries.map((s) => s.commit_hash)).toEqual([
      'c2',
    ]);
    const page = await get(`repoName=${REPO.toUpperCase()}&pageSize=2&page=2`);
    expect(page.body.totalNumberOfPages).toBe(2);
    expect(page.body.commitSummaries.map((s) => s.commit_hash)).toEqual(['c1']);
  });

  it('answers an empty page for an unknown repository and 400 for an over-long filter', async () => {
    expect((await get('repoName=nobody/nothing')).body).toEqual({ commitSummaries: [], totalNumberOfPages: 0 });
    expect((await get(`branchName=${'b'.repeat(201)}`)).status).toBe(400);
  });
});
