import { serve, type ServerType } from '@hono/node-server';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeVersions } from '../../src/server/db/schema/index.ts';
import { commandLinePublish, PACKED_ZIP, pyprojectToml } from '../../src/lib/publish/publish-commands.ts';
import { publisherScene, type PublisherScene } from '#test/authz/scene.ts';
import { insertToken } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { buildZip } from '#test/zip.ts';

// The command lines the dashboard shows for a registry comfy-cli cannot address, run as written
// by a real shell and curl against the real API over HTTP. `comfy node pack` itself is comfy-cli's
// (not installed here): the test writes the node.zip it would make, with the pyproject.toml the
// panel offers.

const run = promisify(execFile);

describe('the dashboard’s command-line publish for this registry', () => {
  let t: TestApp;
  let s: PublisherScene;
  let server: ServerType;
  let baseUrl: string;
  let folder: string;
  beforeAll(async () => {
    t = await createTestApp();
    s = await publisherScene(t);
    server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    folder = await mkdtemp(join(tmpdir(), 'nodeyard-pack-'));
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await rm(folder, { recursive: true, force: true });
    await t.close();
  });

  it('publishes the packed zip with a personal access token, exactly as shown', async () => {
    const { token } = await insertToken(t.services.db, s.publisher, { name: 'ci', createdBy: s.owner.user.id });
    await writeFile(
      join(folder, PACKED_ZIP),
      buildZip({
        'pyproject.toml': pyprojectToml(s.publisher.id, 'shell-published'),
        '__init__.py': 'NODE_CLASS_MAPPINGS = {}\n',
      }),
    );
    const [pack, ...upload] = commandLinePublish(baseUrl, s.publisher.id);
    expect(pack).toBe('comfy node pack');
    const { stdout } = await run('bash', ['-euc', upload.join('\n')], {
      cwd: folder,
      env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', REGISTRY_ACCESS_TOKEN: token },
    });
    expect(JSON.parse(stdout)).toMatchObject({
      node_version: { node_id: 'shell-published', version: '1.0.0', status: 'NodeVersionStatusPending' },
    });
    const rows = await t.services.db.select().from(nodeVersions).where(eq(nodeVersions.nodeId, 'shell-published'));
    expect(rows).toHaveLength(1);
  });

  it('fails the shell command (curl --fail-with-body) when the registry refuses, printing why', async () => {
    await writeFile(join(folder, PACKED_ZIP), 'not a zip');
    const [, ...upload] = commandLinePublish(baseUrl, s.publisher.id);
    const failed = await run('bash', ['-euc', upload.join('\n')], {
      cwd: folder,
      env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', REGISTRY_ACCESS_TOKEN: 'nyd_pat_wrong' },
    }).catch((error: { code: number; stdout: string }) => error);
    expect(failed).toMatchObject({ code: 22 });
    expect(JSON.parse((failed as { stdout: string }).stdout)).toMatchObject({ error: 'invalid_token' });
  });
});
