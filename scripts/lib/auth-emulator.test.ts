import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMULATOR_HOST } from '../../tests/support/firebase-emulator.ts';
import { launchAuthEmulator, needsLocalAuthEmulator, probeAuthEmulator } from './auth-emulator.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const PROJECT = 'demo-nodeyard-start-test';

async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function configFor(dir: string, port: number): Promise<string> {
  const path = join(dir, 'firebase.json');
  const config = { emulators: { auth: { host: '127.0.0.1', port }, ui: { enabled: false }, singleProjectMode: true } };
  await writeFile(path, JSON.stringify(config));
  return path;
}

async function auth(hostPort: string, call: string, body: unknown) {
  const response = await fetch(`http://${hostPort}/identitytoolkit.googleapis.com/v1/accounts:${call}?key=any`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as { localId?: string } };
}

describe('needsLocalAuthEmulator', () => {
  it('runs the emulator only when no real project is configured', () => {
    expect(needsLocalAuthEmulator({})).toBe(true);
    expect(needsLocalAuthEmulator({ FIREBASE_PROJECT_ID: 'demo-nodeyard' })).toBe(true);
    expect(needsLocalAuthEmulator({ FIREBASE_PROJECT_ID: 'my-real-project' })).toBe(false);
    expect(needsLocalAuthEmulator({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' })).toBe(false);
  });
});

describe('launchAuthEmulator', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'nodeyard-emulator-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('reuses an emulator that already listens (and never stops it)', async () => {
    const [host, port] = EMULATOR_HOST.split(':');
    const config = await configFor(dir, Number(port));
    expect(host).toBe('127.0.0.1');
    const handle = await launchAuthEmulator({ root, projectId: PROJECT, dataDir: dir, configPath: config });
    expect(handle).toMatchObject({ owned: false, hostPort: EMULATOR_HOST });
    await handle.stop();
    expect(await probeAuthEmulator(EMULATOR_HOST)).toBe('emulator');
  });

  it('refuses a port held by something that is not the emulator', async () => {
    const other = http.createServer((_, res) => res.end('hello'));
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    try {
      const config = await configFor(dir, (other.address() as AddressInfo).port);
      await expect(launchAuthEmulator({ root, projectId: PROJECT, dataDir: dir, configPath: config })).rejects.toThrow(
        /in use by something that is not the Firebase Auth emulator/,
      );
    } finally {
      await new Promise<void>((resolve) => other.close(() => resolve()));
    }
  });

  // Database-independent and slow (two emulator boots): run it in one database project only.
  const otherProject = process.env['TEST_DB_DRIVER'] === 'postgres';
  it.skipIf(otherProject)(
    'starts one, stops it cleanly, and keeps its accounts for the next start',
    { timeout: 150_000 },
    async () => {
      const config = await configFor(dir, await freePort());
      const options = { root, projectId: PROJECT, dataDir: dir, configPath: config };

      const first = await launchAuthEmulator(options);
      expect(first.owned).toBe(true);
      await first.ready();
      const account = { email: 'kept@example.test', password: 'correct-horse-battery', returnSecureToken: true };
      const created = await auth(first.hostPort, 'signUp', account);
      expect(created.status).toBe(200);
      await first.stop();
      expect(await probeAuthEmulator(first.hostPort)).toBe('closed');
      expect(existsSync(join(dir, 'auth-emulator', 'firebase-export-metadata.json'))).toBe(true);

      const second = await launchAuthEmulator(options);
      try {
        await second.ready();
        const signedIn = await auth(second.hostPort, 'signInWithPassword', account);
        expect(signedIn).toMatchObject({ status: 200, json: { localId: created.json.localId } });
      } finally {
        await second.stop();
      }
    },
  );
});
