import { GetObjectCommand } from '@aws-sdk/client-s3';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InstanceProcess } from '../../bench/lib/instance-process.ts';
import { startTestInstance } from '../support/test-instance.ts';
import { EMULATOR_PROJECT, signUp } from '#test/firebase-emulator.ts';
import { comfyCliPublishBody } from '#test/publish.ts';
import { pgliteTemplateFile } from '#test/pglite-template.ts';
import { startS3Server, TEST_S3, type TestS3Server } from '#test/s3-server.ts';
import { createThrowawayPostgres } from '#test/test-db.ts';
import { buildZip, samplePackFiles } from '#test/zip.ts';

// STORAGE_DRIVER=s3 end to end, as deployed: server processes, a real S3-compatible server that
// checks SigV4, comfy-cli's publish → PUT to the presigned URL → (no admin, no upload route) the
// version turns Active → install downloads the exact bytes. The AWS SDK checks the bucket itself.
// One instance on embedded PGlite always; two instances on one PostgreSQL when it is configured.
const driver = process.env['TEST_DB_DRIVER'];
/** A server process boots in seconds, but the whole suite runs files in parallel on two cores. */
const START_TIMEOUT_MS = 150_000;

async function call(
  instance: InstanceProcess,
  path: string,
  init: { token?: string; json?: unknown; method?: string } = {},
) {
  const headers = new Headers();
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  if (init.json !== undefined) headers.set('content-type', 'application/json');
  return fetch(`${instance.apiUrl}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.json === undefined ? null : JSON.stringify(init.json),
  });
}

async function eventually(check: () => Promise<boolean>, timeoutMs: number, what: string) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Publishes through `via`, uploads like comfy-cli, and installs through `installVia`. */
async function publishAndInstall(s3: TestS3Server, via: InstanceProcess, installVia: InstanceProcess) {
  const owner = await signUp({ emailVerified: true });
  const publisherId = `s3-${Date.now().toString(36)}`;
  const nodeId = `${publisherId}-pack`;
  const created = await call(via, '/publishers', {
    method: 'POST',
    token: owner.idToken,
    json: { id: publisherId, name: 'S3 publisher' },
  });
  expect(created.status).toBe(201);
  const tokenResponse = await call(via, `/publishers/${publisherId}/tokens`, {
    method: 'POST',
    token: owner.idToken,
    json: { name: 'ci' },
  });
  const { token } = (await tokenResponse.json()) as { token: string };

  const published = await call(via, `/publishers/${publisherId}/nodes/${nodeId}/versions`, {
    method: 'POST',
    json: comfyCliPublishBody(token, nodeId, '1.0.0'),
  });
  expect(published.status, await published.clone().text()).toBe(201);
  const { signedUrl } = (await published.json()) as { signedUrl: string };
  const key = `${publisherId}/${nodeId}/1.0.0/node.zip`;
  // The upload goes to the bucket (under the name clients use), not to our API.
  expect(signedUrl.startsWith(`${s3.clientEndpoint}/${TEST_S3.bucket}/${key}?`)).toBe(true);
  const zip = buildZip(samplePackFiles(nodeId));
  const upload = await fetch(signedUrl, {
    method: 'PUT',
    headers: { 'content-type': 'application/zip' },
    body: zip as BodyInit,
  });
  expect(upload.status, await upload.text()).toBe(200);

  await eventually(
    async () => (await call(installVia, `/nodes/${nodeId}/install?version=1.0.0`)).status === 200,
    60_000,
    'the version to become installable',
  );
  const install = await call(installVia, `/nodes/${nodeId}/install?version=1.0.0`);
  const { downloadUrl } = (await install.json()) as { downloadUrl: string };
  // The API redirects to the bucket (presigned GET); the bytes are exactly the uploaded zip.
  const download = await fetch(downloadUrl);
  expect(download.url.startsWith(`${s3.clientEndpoint}/${TEST_S3.bucket}/${key}?`)).toBe(true);
  expect(new Uint8Array(await download.arrayBuffer())).toEqual(zip);
  const object = await s3.client.send(new GetObjectCommand({ Bucket: TEST_S3.bucket, Key: key }));
  expect(await object.Body!.transformToByteArray()).toEqual(zip);
  return { nodeId };
}

describe.skipIf(driver !== 'pglite')('S3 storage, one instance on embedded PGlite', () => {
  let s3: TestS3Server;
  let dataDir: string;
  let instance: InstanceProcess;

  beforeAll(async () => {
    s3 = await startS3Server();
    dataDir = await mkdtemp(join(tmpdir(), 'nodeyard-s3-one-'));
    instance = await startTestInstance(
      {
        ...s3.env,
        DATA_DIR: dataDir,
        NODEYARD_INSTANCE_PGLITE_TEMPLATE: await pgliteTemplateFile(),
        FIREBASE_PROJECT_ID: EMULATOR_PROJECT,
        FIREBASE_AUTH_EMULATOR_HOST: process.env['FIREBASE_AUTH_EMULATOR_HOST'] ?? '127.0.0.1:9099',
        RATE_LIMIT_ENABLED: 'false',
      },
      START_TIMEOUT_MS,
    );
  }, START_TIMEOUT_MS + 30_000);

  afterAll(async () => {
    await instance?.stop();
    await s3?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('publish → upload to the bucket → Active by itself → install downloads the exact bytes', async () => {
    const { nodeId } = await publishAndInstall(s3, instance, instance);
    // Settled like any upload: the search change feed picks the node up.
    const searchIds = async () => {
      const response = await call(instance, `/nodes/search?search=${nodeId}`);
      return ((await response.json()) as { nodes: Array<{ id: string }> }).nodes.map((node) => node.id);
    };
    await eventually(async () => (await searchIds()).includes(nodeId), 10_000, 'search to list the node');
  }, 120_000);
});

describe.skipIf(driver !== 'postgres')('S3 storage, two instances on one PostgreSQL', () => {
  let s3: TestS3Server;
  let database: Awaited<ReturnType<typeof createThrowawayPostgres>>;
  let dataDir: string;
  let a: InstanceProcess;
  let b: InstanceProcess;

  beforeAll(async () => {
    s3 = await startS3Server();
    database = await createThrowawayPostgres();
    dataDir = await mkdtemp(join(tmpdir(), 'nodeyard-s3-two-'));
    const env = {
      ...s3.env,
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      FIREBASE_PROJECT_ID: EMULATOR_PROJECT,
      FIREBASE_AUTH_EMULATOR_HOST: process.env['FIREBASE_AUTH_EMULATOR_HOST'] ?? '127.0.0.1:9099',
      RATE_LIMIT_ENABLED: 'false',
    };
    [a, b] = await Promise.all([startTestInstance(env, START_TIMEOUT_MS), startTestInstance(env, START_TIMEOUT_MS)]);
  }, START_TIMEOUT_MS + 30_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.drop();
    await s3?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('publishes through one, accepts once (either worker), installs the exact bytes through the other', async () => {
    await publishAndInstall(s3, a, b);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const jobs = await client.query<{ kind: string; status: string }>(`SELECT kind, status FROM jobs ORDER BY id`);
      // Both instances started at once; the archive re-check of these archive rules was queued once.
      expect(jobs.rows.filter((job) => job.kind === 'archive.recheck')).toHaveLength(1);
      expect(jobs.rows.filter((job) => job.kind !== 'archive.recheck')).toEqual([
        { kind: 'archive.await_upload', status: 'succeeded' },
        { kind: 'version.scan', status: 'succeeded' },
      ]);
      const audit = await client.query<{ action: string }>(
        `SELECT action FROM audit_log WHERE action IN ('node_version.archive_accept', 'node_version.scan') ORDER BY id`,
      );
      expect(audit.rows.map((row) => row.action)).toEqual(['node_version.archive_accept', 'node_version.scan']);
    } finally {
      await client.end();
    }
  }, 120_000);
});
