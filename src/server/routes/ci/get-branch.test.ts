import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { ciUploader } from '#test/routes/ci-test-data.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const upload = await ciUploader(t);
  await upload({ repo: 'acme/branches', commit_hash: 'b1', branch_name: 'master' });
  await upload({ repo: 'acme/branches', commit_hash: 'b2', branch_name: 'dev' });
  await upload({ repo: 'acme/branches', commit_hash: 'b3', branch_name: 'dev', os: 'windows' });
  await upload({ commit_hash: 'b4', branch_name: 'release-1.0' });
});
afterAll(() => t.close());

describe('GET /branch', () => {
  it('lists the distinct branches of a repository, any letter case', async () => {
    const response = await t.request('/branch?repo_name=ACME/Branches');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ branches: ['dev', 'master'] });
  });

  it('defaults to comfyanonymous/ComfyUI and answers [] for a repository without results', async () => {
    expect(await (await t.request('/branch')).json()).toEqual({ branches: ['release-1.0'] });
    expect(await (await t.request('/branch?repo_name=nobody/nothing')).json()).toEqual({ branches: [] });
  });

  it('answers 400 for an over-long repository name', async () => {
    const response = await t.request(`/branch?repo_name=${'r'.repeat(201)}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'validation_error' });
  });
});
