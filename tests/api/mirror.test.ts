import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, type InstanceProcess } from '../../bench/lib/instance-process.ts';
import { startTestInstance } from '../support/test-instance.ts';
import { signUp, EMULATOR_PROJECT, type EmulatorUser } from '#test/firebase-emulator.ts';
import { comfyCliPublishBody } from '#test/publish.ts';
import { pgliteTemplateFile } from '#test/pglite-template.ts';
import { createThrowawayPostgres, postgresTemplate } from '#test/test-db.ts';
import { buildZip, samplePackFiles } from '#test/zip.ts';
import { pythonAvailable } from '#test/zip-oracles.ts';

// A read-only mirror (MIRROR_UPSTREAM) against a real upstream, each a server process with its own
// embedded database: it converges on the upstream's signed index, installs what the upstream serves
// with the archive checked against the index's sha256, refuses writes, refuses and logs tampered
// lists and archives (a proxy between them flips bytes on demand), and keeps serving with the
// upstream stopped, also to a Python client doing what comfy-cli's install does; restarted, it resumes
// from its saved cursor. Cross-process waits poll, as the multi-instance tests do.

/**
 * A server process on a fresh embedded database (initdb, every migration) starts in seconds on a quiet
 * machine, but took over a minute beside the rest of the suite and a browser run on 2 cores.
 */
const START_MS = 150_000;
let upstream: InstanceProcess;
let mirror: InstanceProcess;
let proxy: http.Server;
let proxyPort = 0;
/** How each server is started, to start it again on the same data (the restart test). */
let upstreamEnv: Record<string, string> = {};
let mirrorEnv: Record<string, string> = {};
let dirs: string[] = [];
/**
 * On the PostgreSQL pass each server gets a database of its own (a clone of the migrated template);
 * otherwise each its embedded one, loaded from a migrated dump.
 */
const databases: { url: string; drop(): Promise<void> }[] = [];
const onPostgres = process.env['TEST_DB_DRIVER'] === 'postgres';
async function databaseEnv(): Promise<Record<string, string>> {
  if (!onPostgres) return { NODEYARD_INSTANCE_PGLITE_TEMPLATE: await pgliteTemplateFile() };
  // A clone of the migrated template: these servers' subject is the mirror, not a first migration.
  const database = await createThrowawayPostgres({ template: await postgresTemplate() });
  databases.push(database);
  return { DATABASE_URL: database.url };
}
let owner: EmulatorUser;
let token: string;
const publisherId = `mirror-${Date.now().toString(36)}`;
const nodeId = `${publisherId}-pack`;
/** What the proxy does to upstream answers on their way to the mirror. */
const tamper = { changes: false, archives: false, tamperedChanges: 0, tamperedArchives: 0 };
let upstreamApi = '';
/** The index requests the upstream saw through the proxy (path and query), and the last cursor it handed out. */
const indexRequests: string[] = [];
let lastCursorServed: string | null = null;
/** The upstream snapshot's sha256 of each version, read before the upstream stops. */
const sha256Of: Record<string, string> = {};

async function eventually(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<number> {
  const started = Date.now();
  while (!(await check().catch(() => false))) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return Date.now() - started;
}

function call(base: string, path: string, init: { method?: string; token?: string; json?: unknown } = {}) {
  const headers = new Headers();
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  if (init.json !== undefined) headers.set('content-type', 'application/json');
  return fetch(`${base}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.json === undefined ? null : JSON.stringify(init.json),
  });
}

/** Forwards to the upstream's API, flipping one byte of the bodies the test asks it to. */
function startProxy(port: number): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const target = new URL(req.url ?? '/', upstreamApi);
    if (target.pathname.startsWith('/index/v1/')) indexRequests.push(`${target.pathname}${target.search}`);
    const forward = http.request(
      target,
      { method: req.method, headers: { ...req.headers, host: target.host, 'accept-encoding': 'identity' } },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const body = Buffer.concat(chunks);
          const path = target.pathname;
          const flip =
            (tamper.changes && path === '/index/v1/changes' && answer.statusCode === 200) ||
            (tamper.archives && path.startsWith('/archives/') && answer.statusCode === 200);
          if (flip && body.length > 0) {
            body[Math.floor(body.length / 2)]! ^= 0x01;
            if (path.startsWith('/archives/')) tamper.tamperedArchives += 1;
            else tamper.tamperedChanges += 1;
          }
          if (path.startsWith('/index/v1/') && answer.statusCode === 200 && !flip && path !== '/index/v1/keys') {
            lastCursorServed = (JSON.parse(body.toString('utf8')) as { cursor: string }).cursor;
          }
          const headers = { ...answer.headers, 'content-length': String(body.length) };
          delete headers['transfer-encoding'];
          res.writeHead(answer.statusCode ?? 502, headers);
          res.end(body);
        });
      },
    );
    forward.on('error', () => res.writeHead(502).end());
    req.pipe(forward);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

async function publish(version: string) {
  const published = await call(upstream.apiUrl, `/publishers/${publisherId}/nodes/${nodeId}/versions`, {
    method: 'POST',
    json: comfyCliPublishBody(token, nodeId, version),
  });
  expect(published.status, await published.clone().text()).toBe(201);
  const { signedUrl } = (await published.json()) as { signedUrl: string };
  const upload = await fetch(signedUrl, {
    method: 'PUT',
    headers: { 'content-type': 'application/zip' },
    body: buildZip({ ...samplePackFiles(nodeId), 'VERSION.txt': version }),
  });
  expect(upload.ok, `upload of ${version}: ${upload.status}`).toBe(true);
  await eventually(
    async () => (await call(upstream.apiUrl, `/nodes/${nodeId}/install?version=${version}`)).status === 200,
    60_000,
    `${version} to become installable upstream`,
  );
}

/** What comfy-cli does for `comfy node install <id>` against a registry: /install, then the zip. */
async function installThrough(instance: InstanceProcess, version?: string) {
  const answer = await call(instance.apiUrl, `/nodes/${nodeId}/install${version ? `?version=${version}` : ''}`);
  if (answer.status !== 200) return { status: answer.status, sha256: null, downloadUrl: null };
  const { downloadUrl } = (await answer.json()) as { downloadUrl: string };
  const zip = await fetch(downloadUrl);
  if (zip.status !== 200) return { status: zip.status, sha256: null, downloadUrl };
  const bytes = Buffer.from(await zip.arrayBuffer());
  return { status: 200, sha256: createHash('sha256').update(bytes).digest('hex'), downloadUrl };
}

async function indexedSha256(version: string): Promise<string> {
  const snapshot = (await (await call(upstream.apiUrl, '/index/v1/snapshot')).json()) as {
    versions: { pack: string; version: string; sha256: string }[];
  };
  return snapshot.versions.find((v) => v.pack === nodeId && v.version === version)!.sha256;
}

describe('a read-only mirror of a running registry', () => {
  beforeAll(async () => {
    const [upstreamDir, mirrorDir] = [
      await mkdtemp(join(tmpdir(), 'nodeyard-upstream-')),
      await mkdtemp(join(tmpdir(), 'nodeyard-mirror-')),
    ];
    dirs = [upstreamDir, mirrorDir];
    proxyPort = await freePort();
    const common = {
      FIREBASE_PROJECT_ID: EMULATOR_PROJECT,
      FIREBASE_AUTH_EMULATOR_HOST: process.env['FIREBASE_AUTH_EMULATOR_HOST'] ?? '127.0.0.1:9099',
      RATE_LIMIT_ENABLED: 'false',
    };
    // The upstream's download URLs go through the proxy, so archives can be tampered with too.
    upstreamEnv = { ...common, DATA_DIR: upstreamDir, API_PUBLIC_URL: `http://127.0.0.1:${proxyPort}` };
    upstream = await startTestInstance(upstreamEnv, START_MS);
    upstreamApi = upstream.apiUrl;
    proxy = await startProxy(proxyPort);

    owner = await signUp({ emailVerified: true });
    const created = await call(upstream.apiUrl, '/publishers', {
      method: 'POST',
      token: owner.idToken,
      json: { id: publisherId, name: 'Mirrored' },
    });
    expect(created.status).toBe(201);
    const tokenResponse = await call(upstream.apiUrl, `/publishers/${publisherId}/tokens`, {
      method: 'POST',
      token: owner.idToken,
      json: { name: 'ci' },
    });
    token = ((await tokenResponse.json()) as { token: string }).token;
    await publish('1.0.0');

    const keys = (await (await call(upstream.apiUrl, '/index/v1/keys')).json()) as { keys: { public_key: string }[] };
    mirrorEnv = {
      ...common,
      ...(await databaseEnv()),
      DATA_DIR: mirrorDir,
      MIRROR_UPSTREAM: `http://127.0.0.1:${proxyPort}`,
      MIRROR_UPSTREAM_KEYS: keys.keys.map((key) => key.public_key).join(','),
      MIRROR_POLL_SECONDS: '0.3',
    };
    mirror = await startTestInstance(mirrorEnv, START_MS);
  }, 3 * START_MS);

  afterAll(async () => {
    await Promise.all([upstream?.stop(), mirror?.stop()]);
    await new Promise((resolve) => (proxy ? proxy.close(resolve) : resolve(undefined)));
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
    for (const database of databases) await database.drop();
  }, 60_000);

  it('converges within 10 s and installs the pack with the archive the index hashed', async () => {
    const took = await eventually(
      async () => (await installThrough(mirror)).status === 200,
      10_000,
      'the mirror to install',
    );
    console.info(`mirror converged ${took} ms after it started serving`);
    const installed = await installThrough(mirror);
    expect(installed.downloadUrl).toContain(mirror.apiUrl);
    expect(installed.sha256).toBe(await indexedSha256('1.0.0'));
    const node = (await (await call(mirror.apiUrl, `/nodes/${nodeId}`)).json()) as {
      name: string;
      publisher: { id: string };
    };
    expect(node).toMatchObject({ name: 'Nicer Pictures', publisher: { id: publisherId } });
  });

  it('answers every write with 403 read_only_mirror, and still resolves workflows', async () => {
    const write = await call(mirror.apiUrl, '/publishers', {
      method: 'POST',
      token: owner.idToken,
      json: { id: `${publisherId}-x`, name: 'X' },
    });
    expect(write.status).toBe(403);
    expect(await write.json()).toMatchObject({ error: 'read_only_mirror' });
    const deletion = await call(mirror.apiUrl, `/publishers/${publisherId}/nodes/${nodeId}`, {
      method: 'DELETE',
      token: owner.idToken,
    });
    expect(deletion.status).toBe(403);
    const resolve = await call(mirror.apiUrl, '/workflows/resolve', { method: 'POST', json: { nodes: [] } });
    expect(resolve.status).not.toBe(403);
  });

  it('refuses and logs a tampered list, and applies the change once the list is genuine again', async () => {
    tamper.changes = true;
    const edit = await call(upstream.apiUrl, `/publishers/${publisherId}/nodes/${nodeId}`, {
      method: 'PUT',
      token: owner.idToken,
      json: { name: 'Renamed Upstream' },
    });
    expect(edit.status, await edit.clone().text()).toBe(200);
    await eventually(async () => tamper.tamperedChanges >= 3, 10_000, 'the mirror to be sent tampered changes');
    expect(((await (await call(mirror.apiUrl, `/nodes/${nodeId}`)).json()) as { name: string }).name).toBe(
      'Nicer Pictures',
    );
    expect(mirror.output()).toMatch(/mirror refused upstream data/);
    expect(mirror.output()).toMatch(/"reason":"signature"/);

    tamper.changes = false;
    await eventually(
      async () =>
        ((await (await call(mirror.apiUrl, `/nodes/${nodeId}`)).json()) as { name: string }).name ===
        'Renamed Upstream',
      10_000,
      'the mirror to apply the genuine change',
    );
  });

  it('never serves a tampered archive, and serves the genuine one when it comes', async () => {
    tamper.archives = true;
    await publish('1.1.0');
    await eventually(async () => tamper.tamperedArchives >= 2, 15_000, 'the mirror to be sent a tampered zip');
    expect((await installThrough(mirror, '1.1.0')).status).toBe(404);
    expect(mirror.output()).toMatch(/"reason":"archive"/);

    tamper.archives = false;
    await eventually(async () => (await installThrough(mirror, '1.1.0')).status === 200, 10_000, 'the genuine zip');
    expect((await installThrough(mirror, '1.1.0')).sha256).toBe(await indexedSha256('1.1.0'));
  });

  // The upstream stops gracefully (it is started again from its data below), and a graceful stop may
  // drain an open request for up to 20 s (DRAIN_GRACE_MS): once, under load, that took the test past 30 s.
  it('keeps serving the catalogue and installs with the upstream stopped', { timeout: 60_000 }, async () => {
    const sha = await indexedSha256('1.1.0');
    sha256Of['1.0.0'] = await indexedSha256('1.0.0');
    sha256Of['1.1.0'] = sha;
    await upstream.stop();
    await new Promise((resolve) => proxy.close(resolve));
    const installed = await installThrough(mirror);
    expect(installed).toMatchObject({ status: 200, sha256: sha });
    const list = (await (await call(mirror.apiUrl, '/nodes')).json()) as { nodes: { id: string }[] };
    expect(list.nodes.map((node) => node.id)).toContain(nodeId);
    const snapshot = await call(mirror.apiUrl, '/index/v1/snapshot');
    expect(snapshot.status).toBe(200);
  });

  // comfy-cli's `comfy node registry-install` (RegistryAPI.install_node, download_file,
  // extract_package_as_zip) in the standard library, plus a sha256 check against the snapshot.
  // CI has python3: there a missing interpreter fails the test instead of skipping it.
  it.skipIf(!pythonAvailable() && !process.env['CI'])(
    'installs through a stdlib Python client like comfy-cli, with the upstream stopped',
    async () => {
      expect(upstream.process.exitCode, 'the upstream is stopped').not.toBeNull();
      const customNodes = await mkdtemp(join(tmpdir(), 'nodeyard-custom-nodes-'));
      dirs.push(customNodes);
      const client = fileURLToPath(new URL('../../bench/mirror-install-client.py', import.meta.url));
      const run = spawnSync('python3', [client, mirror.apiUrl, nodeId, customNodes, '1.0.0'], { encoding: 'utf8' });
      expect(run.status, `${run.stderr}${run.error ?? ''}`).toBe(0);
      const installed = JSON.parse(run.stdout) as {
        version: string;
        downloadUrl: string;
        sha256: string;
        files: string[];
      };
      expect(installed.downloadUrl).toContain(mirror.apiUrl);
      expect(installed.sha256).toBe(sha256Of['1.0.0']);
      expect(installed.files).toEqual(
        [
          'VERSION.txt',
          '__init__.py',
          'assets/blob.bin',
          'js/widget.js',
          'nodes.py',
          'pyproject.toml',
          'requirements.txt',
        ].sort(),
      );
      expect(await readFile(join(customNodes, nodeId, 'VERSION.txt'), 'utf8')).toBe('1.0.0');
    },
  );

  it(
    'restarts from its saved cursor: serves with the upstream down, then asks for the changes since it',
    async () => {
      const saved = lastCursorServed;
      expect(saved).not.toBeNull();
      const nameOf = async () =>
        ((await (await call(mirror.apiUrl, `/nodes/${nodeId}`)).json()) as { name: string }).name;
      const before = await nameOf();
      await mirror.stop();
      mirror = await startTestInstance(mirrorEnv, START_MS);
      // The upstream is still down: what the mirror holds is served at once.
      const installed = await installThrough(mirror);
      expect(installed).toMatchObject({ status: 200, sha256: sha256Of['1.1.0'] });
      expect(await nameOf()).toBe(before);

      indexRequests.length = 0;
      upstream = await startTestInstance(upstreamEnv, START_MS);
      upstreamApi = upstream.apiUrl;
      proxy = await startProxy(proxyPort);
      await eventually(async () => indexRequests.some((r) => r.startsWith('/index/v1/changes')), 10_000, 'a sync');
      expect(indexRequests[0]).toBe(`/index/v1/changes?since=${encodeURIComponent(saved!)}`);
      expect(indexRequests).not.toContain('/index/v1/snapshot');

      // And it follows the upstream from there.
      const edit = await call(upstream.apiUrl, `/publishers/${publisherId}/nodes/${nodeId}`, {
        method: 'PUT',
        token: owner.idToken,
        json: { name: 'Renamed After Restart' },
      });
      expect(edit.status, await edit.clone().text()).toBe(200);
      await eventually(
        async () => (await nameOf()) === 'Renamed After Restart',
        10_000,
        'the mirror to apply a change after its restart',
      );
      expect(indexRequests).not.toContain('/index/v1/snapshot');
    },
    2 * START_MS + 60_000,
  );
});
