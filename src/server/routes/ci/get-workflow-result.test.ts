import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { ciUploader } from '#test/routes/ci-test-data.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const upload = await ciUploader(t);
  await upload({ commit_hash: 'w1', output_files_gcs_paths: '', avg_vram: undefined, comfy_run_flags: '' });
});
afterAll(() => t.close());

describe('GET /workflowresult/{workflowResultId}', () => {
  it('answers one result by id, omitting what was not uploaded', async () => {
    const list = (await (await t.request('/gitcommit')).json()) as { jobResults: { id: string }[] };
    const id = list.jobResults[0]!.id;
    const response = await t.request(`/workflowresult/${id}`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ id, commit_hash: 'w1', status: 'WorkflowRunStatusCompleted', peak_vram: 8192 });
    expect(body).not.toHaveProperty('avg_vram');
    expect(body).not.toHaveProperty('comfy_run_flags');
    expect(body).not.toHaveProperty('storage_file');
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const unknown = await t.request('/workflowresult/00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: 'not_found', message: expect.stringContaining('00000000') });
    const malformed = await t.request('/workflowresult/not-a-uuid');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ error: 'validation_error' });
  });
});
