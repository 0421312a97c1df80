import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, uniqueEmail, EMULATOR_PROJECT } from '#test/firebase-emulator.ts';
import type { InstanceProcess } from '../../bench/lib/instance-process.ts';
import { startTestInstance } from '../support/test-instance.ts';
import { comfyCliPublishBody } from '#test/publish.ts';
import { createThrowawayPostgres } from '#test/test-db.ts';
import { buildZip, samplePackFiles } from '#test/zip.ts';

// Two server processes on one PostgreSQL must behave as one service: what is written through one
// is served by the other (search included, within about a second), each background job runs once,
// and a ban on one is enforced by the other. Needs real PostgreSQL (an embedded PGlite database
// belongs to one process), so it runs in the server-postgres project only.
const onPostgres = process.env['TEST_DB_DRIVER'] === 'postgres';
if (!onPostgres) console.info('multi-instance test skipped: it needs PostgreSQL (TEST_DATABASE_URL).');

const VERSIONS = ['1.0.0', '1.0.1', '1.0.2', '1.1.0'];
const adminEmail = uniqueEmail('multi-admin');

let database: Awaited<ReturnType<typeof createThrowawayPostgres>>;
let dataDir: string;
let a: InstanceProcess;
let b: InstanceProcess;

async function call(
  instance: InstanceProcess,
  path: string,
  init: RequestInit & { token?: string; json?: unknown } = {},
) {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  if (init.json !== undefined) headers.set('content-type', 'application/json');
  const body = init.json !== undefined ? JSON.stringify(init.json) : init.body;
  return fetch(`${instance.apiUrl}${path}`, { ...init, headers, body: body ?? null });
}

/** Polls until `check` passes; returns how long it took (ms). */
async function eventually(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return Date.now() - started;
}

async function searchIds(instance: InstanceProcess, text: string): Promise<string[]> {
  const response = await call(instance, `/nodes/search?search=${encodeURIComponent(text)}&limit=50`);
  const body = (await response.json()) as { nodes: Array<{ id: string }> };
  return body.nodes.map((node) => node.id);
}

describe.skipIf(!onPostgres)('two instances on one PostgreSQL', () => {
  beforeAll(async () => {
    database = await createThrowawayPostgres();
    dataDir = await mkdtemp(join(tmpdir(), 'nodeyard-multi-'));
    const env = {
      DATABASE_URL: database.url,
      // One archive store (a shared directory stands in for the bucket) and one signing secret.
      DATA_DIR: dataDir,
      STORAGE_SIGNING_SECRET: 'multi-instance-signing-secret-0123456789',
      FIREBASE_PROJECT_ID: EMULATOR_PROJECT,
      FIREBASE_AUTH_EMULATOR_HOST: process.env['FIREBASE_AUTH_EMULATOR_HOST'] ?? '127.0.0.1:9099',
      ADMIN_EMAILS: adminEmail,
      RATE_LIMIT_ENABLED: 'false',
    };
    [a, b] = await Promise.all([startTestInstance(env), startTestInstance(env)]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('publishes through one, serves and searches through the other, runs each job once, enforces a ban', async () => {
    const owner = await signUp({ emailVerified: true });
    const publisherId = `multi-${Date.now().toString(36)}`;
    const nodeId = `${publisherId}-pack`;
    expect(
      (await call(a, '/publishers', { method: 'POST', token: owner.idToken, json: { id: publisherId, name: 'Multi' } }))
        .status,
    ).toBe(201);
    const tokenResponse = await call(a, `/publishers/${publisherId}/tokens`, {
      method: 'POST',
      token: owner.idToken,
      json: { name: 'ci' },
    });
    expect(tokenResponse.status).toBe(201);
    const { token } = (await tokenResponse.json()) as { token: string };

    // Publish every version through A (and upload to A's signed URL); both workers compete for the jobs.
    for (const version of VERSIONS) {
      const published = await call(a, `/publishers/${publisherId}/nodes/${nodeId}/versions`, {
        method: 'POST',
        json: comfyCliPublishBody(token, nodeId, version),
      });
      expect(published.status, await published.clone().text()).toBe(201);
      const { signedUrl } = (await published.json()) as { signedUrl: string };
      const upload = await fetch(signedUrl, {
        method: 'PUT',
        headers: { 'content-type': 'application/zip' },
        body: buildZip(samplePackFiles(nodeId)),
      });
      expect(upload.ok, `upload of ${version}: ${upload.status}`).toBe(true);
    }

    // B installs the newest version once the pipeline made it Active...
    const latest = VERSIONS.at(-1)!;
    await eventually(
      async () => (await call(b, `/nodes/${nodeId}/install?version=${latest}`)).status === 200,
      30_000,
      'the last version to become installable through B',
    );
    // ...and finds the pack in its own search index shortly after.
    const searchLag = await eventually(
      async () => (await searchIds(b, nodeId)).includes(nodeId),
      5_000,
      'B to index it',
    );
    console.info(`search on the other instance caught up ${searchLag} ms after the version became installable`);
    expect(searchLag).toBeLessThan(2_000);

    // Every version was scanned exactly once, although both instances' workers were polling.
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      // Versions are analysed in parallel (a thread per instance): an earlier one may finish after the last.
      await eventually(
        async () => (await client.query(`SELECT 1 FROM jobs WHERE status IN ('queued', 'running')`)).rows.length === 0,
        30_000,
        'every scan job to finish',
      );
      const scans = await client.query<{ target_id: string; n: string }>(
        `SELECT target_id, count(*) AS n FROM audit_log WHERE action = 'node_version.scan' GROUP BY target_id`,
      );
      expect(scans.rows).toHaveLength(VERSIONS.length);
      expect(scans.rows.every((row) => Number(row.n) === 1)).toBe(true);
      const jobs = await client.query<{ status: string; attempts: number }>(`SELECT status, attempts FROM jobs`);
      expect(jobs.rows.length).toBeGreaterThanOrEqual(VERSIONS.length);
      expect(jobs.rows.every((job) => job.status === 'succeeded' && job.attempts === 1)).toBe(true);
    } finally {
      await client.end();
    }

    // An admin bans the node through A: B refuses to install it at once and drops it from search.
    const admin = await signUp({ email: adminEmail, emailVerified: true });
    expect((await call(a, '/users', { token: admin.idToken })).status).toBe(200);
    const ban = await call(a, `/publishers/${publisherId}/nodes/${nodeId}/ban`, {
      method: 'POST',
      token: admin.idToken,
      json: { reason: 'multi-instance test' },
    });
    expect(ban.status).toBeLessThan(300);
    expect((await call(b, `/nodes/${nodeId}/install?version=${latest}`)).status).toBeGreaterThanOrEqual(400);
    const banLag = await eventually(async () => !(await searchIds(b, nodeId)).includes(nodeId), 5_000, 'B to drop it');
    console.info(`ban reached the other instance's search after ${banLag} ms`);
    expect(banLag).toBeLessThan(2_000);
  }, 120_000);
});
