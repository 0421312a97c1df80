import { serve, type ServerType } from '@hono/node-server';
import { createServer, type Server } from 'node:http';
import { execFile, spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeVersions, versionScanFindings } from '../../src/server/db/schema/index.ts';
import { pyprojectToml } from '../../src/lib/publish/publish-commands.ts';
import { publisherScene, type PublisherScene } from '#test/authz/scene.ts';
import { insertToken } from '#test/factories.ts';
import { githubActionsClaims, startOidcIssuer, type OidcIssuer } from '#test/oidc-issuer.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { buildZip } from '#test/zip.ts';

// The reference CI step (ci/publish-action/publish.py), run with python3 against the real API over
// HTTP on 127.0.0.1, with the real job worker scanning what it uploads. comfy-cli is not installed
// here, so the test hands the script the zip `comfy node pack` would make (--archive).

const SCRIPT = join(import.meta.dirname, '../../ci/publish-action/publish.py');
const run = promisify(execFile);
const python = spawnSync('python3', ['-c', 'import requests, tomllib'], { encoding: 'utf8' });
const pythonMissing = python.error !== undefined || python.status !== 0;
if (pythonMissing) console.warn('SKIPPED publish-action.test.ts: needs python3 (3.11+) with requests');

const CLEAN_NODES = 'class Nice:\n    CATEGORY = "x"\nNODE_CLASS_MAPPINGS = {"Nice": Nice}\n';
const EVIL_NODES =
  'import base64\nexec(base64.b64decode("cHJpbnQoMSk="))\nclass Evil:\n    CATEGORY = "x"\nNODE_CLASS_MAPPINGS = {"Evil": Evil}\n';

interface ScriptResult {
  code: number;
  stdout: string;
  stderr: string;
}

describe.skipIf(pythonMissing)('ci/publish-action/publish.py against a local registry', () => {
  let t: TestApp;
  let s: PublisherScene;
  let server: ServerType;
  let apiUrl: string;
  let folder: string;
  let token: string;
  let issuer: OidcIssuer;
  let actions: Server;
  let actionsUrl: string;
  const ACTIONS_REQUEST_TOKEN = 'actions-request-token';

  beforeAll(async () => {
    issuer = await startOidcIssuer({ now: () => new Date() });
    t = await createTestApp({
      config: {
        trustedPublishing: { issuers: [{ issuer: issuer.url, jwksUrl: issuer.jwksUrl }], audience: 'nodeyard' },
      },
    });
    // GitHub Actions' token endpoint as a job sees it (ACTIONS_ID_TOKEN_REQUEST_URL): a token of the
    // local issuer for the audience asked, to the bearer of the job's request token only.
    actions = createServer((request, response) => {
      const audience = new URL(request.url ?? '/', 'http://x').searchParams.get('audience') ?? '';
      if (request.headers.authorization !== `Bearer ${ACTIONS_REQUEST_TOKEN}`)
        return void response.writeHead(401).end();
      void issuer.sign(githubActionsClaims('octo-org/ci-trusted'), { audience }).then((value) => {
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ value }));
      });
    });
    await new Promise<void>((resolve) => actions.listen(0, '127.0.0.1', () => resolve()));
    actionsUrl = `http://127.0.0.1:${(actions.address() as AddressInfo).port}/token?v=1`;
    s = await publisherScene(t);
    ({ token } = await insertToken(t.services.db, s.publisher, { name: 'ci', createdBy: s.owner.user.id }));
    server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    folder = await mkdtemp(join(tmpdir(), 'nodeyard-ci-'));
    // The server's own worker scans the uploads while the script polls, as in production.
    t.jobs.start();
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => actions.close(() => resolve()));
    await issuer.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await rm(folder, { recursive: true, force: true });
    await t.close();
  });

  async function packZip(nodeId: string, nodes: string): Promise<string> {
    const path = join(folder, `${nodeId}.zip`);
    await writeFile(
      path,
      buildZip({
        'pyproject.toml': pyprojectToml(s.publisher.id, nodeId),
        '__init__.py': 'from .nodes import NODE_CLASS_MAPPINGS\n',
        'nodes.py': nodes,
      }),
    );
    return path;
  }

  async function runScript(args: string[], env: Record<string, string> = {}): Promise<ScriptResult> {
    const options = { env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', ...env }, timeout: 60_000 };
    try {
      const { stdout, stderr } = await run(
        'python3',
        [SCRIPT, '--interval', '0.1', '--timeout', '50', ...args],
        options,
      );
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  }

  it('exits 0 once a clean version is Active', { timeout: 60_000 }, async () => {
    const archive = await packZip('ci-clean', CLEAN_NODES);
    const result = await runScript(['--api-url', apiUrl, '--archive', archive], { NODEYARD_TOKEN: token });
    expect(result, result.stderr).toMatchObject({ code: 0 });
    expect(result.stdout).toContain(`Published ${s.publisher.id}/ci-clean 1.0.0`);
    expect(result.stdout).toContain('Verdict: active');
    expect(result.stdout + result.stderr).not.toContain(token);
    const [row] = await t.services.db.select().from(nodeVersions).where(eq(nodeVersions.nodeId, 'ci-clean'));
    expect(row!.status).toBe('NodeVersionStatusActive');
  });

  it(
    'exits 1 on a Flagged version and prints its findings: rule ids, files and lines',
    { timeout: 60_000 },
    async () => {
      const archive = await packZip('ci-flagged', EVIL_NODES);
      const result = await runScript(['--api-url', apiUrl, '--archive', archive], { NODEYARD_TOKEN: token });
      expect(result.code, result.stderr).toBe(1);
      expect(result.stdout).toContain('Verdict: flagged');
      expect(result.stdout).toMatch(/::error::ci-flagged 1\.0\.0 is flagged/);
      const [version] = await t.services.db.select().from(nodeVersions).where(eq(nodeVersions.nodeId, 'ci-flagged'));
      const findings = await t.services.db
        .select()
        .from(versionScanFindings)
        .where(eq(versionScanFindings.nodeVersionId, version!.id));
      expect(findings.length).toBeGreaterThan(0);
      for (const finding of findings) {
        const place = finding.line === null ? finding.file : `${finding.file}:${finding.line}`;
        expect(result.stdout).toContain(`  ${finding.ruleId} [${finding.severity}] ${place}: `);
      }
    },
  );

  it(
    'publishes from a GitHub Actions job with no stored secret: the identity token is exchanged first',
    { timeout: 60_000 },
    async () => {
      const registered = await t.request(`/publishers/${s.publisher.id}/trusted-publishers`, {
        method: 'POST',
        token: s.owner.token,
        json: { repository: 'octo-org/ci-trusted', workflow: 'publish.yml', node_id: 'ci-trusted' },
      });
      expect(registered.status, await registered.clone().text()).toBe(201);
      const archive = await packZip('ci-trusted', CLEAN_NODES);
      const result = await runScript(['--api-url', apiUrl, '--archive', archive], {
        ACTIONS_ID_TOKEN_REQUEST_URL: actionsUrl,
        ACTIONS_ID_TOKEN_REQUEST_TOKEN: ACTIONS_REQUEST_TOKEN,
      });
      expect(result, result.stderr).toMatchObject({ code: 0 });
      expect(result.stdout).toContain("Exchanged the job's identity token for a short-lived publish token.");
      expect(result.stdout).toContain('Verdict: active');
      expect(result.stdout + result.stderr).not.toMatch(/nyd_tp_|eyJ/);
    },
  );

  it("exits 3 with the registry's error code when the token is refused", async () => {
    const archive = await packZip('ci-refused', CLEAN_NODES);
    const result = await runScript(['--api-url', apiUrl, '--archive', archive], { NODEYARD_TOKEN: 'nyd_pat_wrong' });
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/The upload was refused \(400\) invalid_token/);
  });

  it('the status read takes only a live token of the publisher', async () => {
    const path = `/publishers/${s.publisher.id}/nodes/ci-clean/versions/1.0.0/status`;
    const expired = await insertToken(t.services.db, s.publisher, {
      name: 'old',
      createdBy: s.owner.user.id,
      expiresAt: new Date(Date.now() - 1000),
    });
    const answers = await Promise.all([
      t.request(path, { token }),
      t.request(path, { token: expired.token }),
      t.request(path, { token: 'nyd_pat_unknown' }),
      t.request(path, { token: 'nyd_tp_unknown' }),
      t.request(path, { token: s.member.token }),
    ]);
    const bodies = (await Promise.all(answers.map((r) => r.json()))) as { error?: string; state?: string }[];
    expect(answers.map((r) => r.status)).toEqual([200, 401, 401, 401, 200]);
    expect(bodies.map((b) => b.error ?? b.state)).toEqual([
      'active',
      'token_expired',
      'invalid_token',
      'invalid_token',
      'active',
    ]);
  });

  it('exits 2 and says how to set it up when there is neither a token nor a CI identity', async () => {
    const result = await runScript(['--api-url', apiUrl, '--archive', 'unused.zip']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('id-token: write');
  });
});
