import { serve, type ServerType } from '@hono/node-server';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/server/app-env.ts';
import { createApp } from '../../src/server/app.ts';
import { archives } from '../../src/server/db/schema/index.ts';
import { signedIn, type Actor } from '#test/authz/actors.ts';
import { insertVersion } from '#test/factories.ts';
import { seedNode } from '#test/routes/node-read-fixtures.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { buildZip, samplePackFiles } from '#test/zip.ts';
import { pythonAvailable } from '#test/zip-oracles.ts';

// A malware advisory refuses installs through the requests comfy-cli and ComfyUI-Manager's cm-cli really
// send (tests/support/clients/registry_install.py, over real HTTP): both stop on 403 advisory_blocked,
// unchanged; a version the advisory does not cover still installs.

const client = fileURLToPath(new URL('../support/clients/registry_install.py', import.meta.url));

describe('malware advisories against comfy-cli and cm-cli installs (real HTTP, Python client)', () => {
  let t: TestApp;
  let server: ServerType;
  let baseUrl: string;
  let admin: Actor;
  const dirs: string[] = [];

  const run = async (mode: 'comfy-cli' | 'cm-cli', version?: string) => {
    const customNodes = await mkdtemp(join(tmpdir(), 'nodeyard-custom-nodes-'));
    dirs.push(customNodes);
    const args = [client, mode, baseUrl, 'spinner', customNodes, ...(version ? [version] : [])];
    const result = await promisify(execFile)('python3', args, { encoding: 'utf8' }).catch(
      (error: { stderr: string }) => ({ error: error.stderr.trim() }),
    );
    return 'error' in result ? { error: result.error } : (JSON.parse(result.stdout) as { version: string });
  };

  beforeAll(async () => {
    const late: { app?: App } = {};
    server = serve({ fetch: (request) => late.app!.fetch(request), port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    t = await createTestApp({ config: { apiPublicUrl: baseUrl } });
    late.app = createApp(t.services);
    admin = await signedIn(t, { admin: true });
    const db = t.services.db;
    await seedNode(db, { id: 'spinner' });
    for (const version of ['1.0.0', '1.1.0']) {
      const zip = buildZip({ ...samplePackFiles('spinner'), 'VERSION.txt': version });
      const key = `test/spinner/${version}.zip`;
      await t.services.storage.put(key, zip, 'application/zip');
      const [archive] = await db
        .insert(archives)
        .values({
          key,
          size: zip.byteLength,
          sha256: createHash('sha256').update(zip).digest('hex'),
          uploadedAt: new Date(),
        })
        .returning();
      await insertVersion(db, { nodeId: 'spinner', version, withArchive: false, archiveId: archive!.id });
    }
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await t.close();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('both clients install the latest version, then stop on 403 advisory_blocked once it is malware', async (context) => {
    // CI has python3: there a missing interpreter fails the test instead of skipping it.
    if (!pythonAvailable() && !process.env['CI']) return context.skip();
    expect(await run('comfy-cli')).toMatchObject({ version: '1.1.0' });
    expect(await run('cm-cli')).toMatchObject({ version: '1.1.0' });

    const published = await fetch(`${baseUrl}/admin/advisories`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        summary: 'Stealer in spinner 1.1.0',
        severity: 'CRITICAL',
        kind: 'malware',
        affected: [{ ecosystem: 'Nodeyard', package: 'spinner', versions: ['1.1.0'] }],
      }),
    });
    expect(published.status).toBe(201);

    expect(await run('comfy-cli')).toEqual({ error: 'install failed: HTTP 403 advisory_blocked' });
    expect(await run('cm-cli')).toEqual({ error: 'install failed: HTTP 403 advisory_blocked' });
    expect(await run('comfy-cli', '1.0.0')).toMatchObject({ version: '1.0.0' });
  });
});
