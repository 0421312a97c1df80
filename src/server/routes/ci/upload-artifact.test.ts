import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '#test/authz/actors.ts';
import { insertServiceToken } from '#test/service-tokens.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { auditLog, ciGitCommits, ciOutputFiles, ciWorkflowResults } from '../../db/schema/index.ts';
import { sampleUpload } from '../../services/ci/sample-upload.ts';
import { revokeServiceToken } from '../../services/service-tokens/service-tokens.ts';

let t: TestApp;
let service: string;

beforeAll(async () => {
  t = await createTestApp();
  service = (await insertServiceToken(t.services.db, 'comfy-ci-upload-test')).token;
});
afterAll(() => t.close());

const hash = () => Math.random().toString(16).slice(2).padEnd(12, '0');
// `null` = no Authorization header (an omitted argument means the service token).
const upload = (body: unknown, token: string | null = service) =>
  t.request('/upload-artifact', { method: 'POST', json: body, ...(token ? { token } : {}) });

async function resultsOf(commitHash: string) {
  return t.services.db
    .select({ result: ciWorkflowResults, commit: ciGitCommits })
    .from(ciWorkflowResults)
    .innerJoin(ciGitCommits, eq(ciWorkflowResults.commitId, ciGitCommits.id))
    .where(eq(ciGitCommits.commitHash, commitHash));
}

describe('POST /upload-artifact', () => {
  it('records a commit, its result and output files with a service token', async () => {
    const commit = hash();
    const response = await upload(sampleUpload({ commit_hash: commit, repo: 'Comfyanonymous/ComfyUI' }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: 'Result recorded.' });

    const [row] = await resultsOf(commit);
    expect(row!.commit).toMatchObject({
      repoName: 'comfyanonymous/comfyui',
      branchName: 'master',
      commitMessage: 'Fix the sampler',
      author: 'comfyanonymous',
      prNumber: '42',
    });
    expect(row!.commit.commitTime.toISOString()).toBe('2026-05-01T10:00:00.000Z');
    expect(row!.result).toMatchObject({
      workflowName: 'default.json',
      operatingSystem: 'linux',
      gpuType: 'NVIDIA RTX 4090',
      pythonVersion: '3.12',
      cudaVersion: '12.4',
      runId: 'run-1',
      jobId: 'job-1',
      status: 'WorkflowRunStatusCompleted',
      startTime: 1_777_629_600,
      endTime: 1_777_629_900,
      avgVram: 4096,
      peakVram: 8192,
    });
    const files = await t.services.db
      .select()
      .from(ciOutputFiles)
      .where(eq(ciOutputFiles.resultId, row!.result.id))
      .orderBy(ciOutputFiles.position);
    expect(files.map((f) => f.publicUrl)).toEqual([
      'https://storage.googleapis.com/comfy-ci-results/output/ComfyUI_00001_.png',
      'https://storage.googleapis.com/comfy-ci-results/output/ComfyUI_00002_.png',
    ]);

    const [audit] = await t.services.db.select().from(auditLog).where(eq(auditLog.targetId, row!.result.id));
    expect(audit).toMatchObject({ action: 'ci.result.create', actorKind: 'system', actorUserId: null });
    expect(audit!.after).toMatchObject({ via: 'comfy-ci-upload-test', status: 'WorkflowRunStatusCompleted' });
  });

  it('re-uploading the same run replaces it instead of adding a row', async () => {
    const commit = hash();
    expect((await upload(sampleUpload({ commit_hash: commit, status: 'WorkflowRunStatusStarted' }))).status).toBe(200);
    const again = await upload(
      sampleUpload({
        commit_hash: commit,
        status: 'WorkflowRunStatusFailed',
        run_id: 'run-2',
        commit_message: 'Fix the sampler (amended)',
        output_files_gcs_paths: 'gs://other-bucket/out.png',
      }),
    );
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ message: 'Result replaced.' });
    const rows = await resultsOf(commit);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.result).toMatchObject({ status: 'WorkflowRunStatusFailed', runId: 'run-2' });
    expect(rows[0]!.commit.commitMessage).toBe('Fix the sampler (amended)');
    const files = await t.services.db
      .select()
      .from(ciOutputFiles)
      .where(eq(ciOutputFiles.resultId, rows[0]!.result.id));
    expect(files.map((f) => f.publicUrl)).toEqual(['https://storage.googleapis.com/other-bucket/out.png']);
  });

  it('keeps separate rows for another OS, GPU or Python version of the same commit', async () => {
    const commit = hash();
    const variants = [
      {},
      { os: 'windows' },
      { machine_stats: { gpu_type: 'NVIDIA A100' } },
      { python_version: '3.10' },
      { cuda_version: undefined, machine_stats: undefined, os: 'macos' },
    ];
    for (const variant of variants) {
      expect((await upload(sampleUpload({ commit_hash: commit, ...variant }))).status).toBe(200);
    }
    const rows = await resultsOf(commit);
    expect(rows).toHaveLength(5);
    expect(rows.find((r) => r.result.operatingSystem === 'macos')!.result).toMatchObject({
      gpuType: '',
      cudaVersion: '',
    });
  });

  it('accepts the older STARTED/FAILED/COMPLETED spelling, numeric strings, and unknown fields', async () => {
    const commit = hash();
    const response = await upload(
      sampleUpload({
        commit_hash: commit,
        status: 'FAILED',
        start_time: '100',
        end_time: '200',
        pr_number: 7,
        extra: 1,
      }),
    );
    expect(response.status).toBe(200);
    const [row] = await resultsOf(commit);
    expect(row!.result).toMatchObject({ status: 'WorkflowRunStatusFailed', startTime: 100, endTime: 200 });
    expect(row!.commit.prNumber).toBe('7');
  });

  it('lets an admin upload (to correct or backfill results by hand)', async () => {
    const admin = await signedIn(t, { admin: true });
    const commit = hash();
    expect((await upload(sampleUpload({ commit_hash: commit }), admin.token)).status).toBe(200);
    const [row] = await resultsOf(commit);
    const [audit] = await t.services.db.select().from(auditLog).where(eq(auditLog.targetId, row!.result.id));
    expect(audit).toMatchObject({ actorKind: 'user', actorUserId: admin.user.id });
  });

  it('answers 400 listing every problem, and writes nothing', async () => {
    const commit = hash();
    const body = sampleUpload({ commit_hash: commit, commit_time: 'yesterday', status: 'DONE', start_time: 'soon' });
    delete body['run_id'];
    delete body['os'];
    const response = await upload(body);
    expect(response.status).toBe(400);
    const json = (await response.json()) as { error: string; details: { path: string }[] };
    expect(json.error).toBe('validation_error');
    expect(json.details.map((d) => d.path).sort()).toEqual(['commit_time', 'os', 'run_id', 'start_time', 'status']);
    expect(await resultsOf(commit)).toHaveLength(0);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const response = await t.request('/upload-artifact', {
      method: 'POST',
      token: service,
      headers: { 'content-type': 'application/json' },
      body: '{not json',
    });
    expect(response.status).toBe(400);
  });

  describe('authorization', () => {
    it('answers 401 without a token and writes nothing', async () => {
      const commit = hash();
      const response = await upload(sampleUpload({ commit_hash: commit }), null);
      expect(response.status).toBe(401);
      expect(await resultsOf(commit)).toHaveLength(0);
    });

    it('answers 401 for an unknown service token or a forged one', async () => {
      expect((await upload(sampleUpload(), 'nyd_svc_not-a-real-token')).status).toBe(401);
      expect((await upload(sampleUpload(), 'not-a-jwt')).status).toBe(401);
    });

    it('refuses a revoked service token', async () => {
      const { token } = await insertServiceToken(t.services.db, 'comfy-ci-revoked');
      await revokeServiceToken(t.services.db, 'comfy-ci-revoked', new Date());
      expect((await upload(sampleUpload({ commit_hash: hash() }), token)).status).toBe(401);
    });

    it('answers 403 to a signed-in non-admin and to a banned admin', async () => {
      const stranger = await signedIn(t);
      const bannedAdmin = await signedIn(t, { admin: true, banned: true });
      const commit = hash();
      expect((await upload(sampleUpload({ commit_hash: commit }), stranger.token)).status).toBe(403);
      expect((await upload(sampleUpload({ commit_hash: commit }), bannedAdmin.token)).status).toBe(403);
      expect(await resultsOf(commit)).toHaveLength(0);
    });
  });
});
