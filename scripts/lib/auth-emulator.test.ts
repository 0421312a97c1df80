import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMULATOR_HOST } from '#test/firebase-emulator.ts';
import { launchAuthEmulator, needsLocalAuthEmulator, prepareAuthEmulator, probeAuthEmulator } from './auth-emulator.ts';
import { belongsToDataDir, emulatorIdentity } from './emulator-identity.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const BASE = 'demo-nodeyard';

async function auth(hostPort: string, call: string, body: unknown) {
  const response = await fetch(`http://${hostPort}/identitytoolkit.googleapis.com/v1/accounts:${call}?key=any`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as { localId?: string } };
}

/** Points a data directory's recorded auth port somewhere (as a stale or copied record would). */
async function recordAuthPort(dir: string, port: number): Promise<void> {
  const identity = await emulatorIdentity(dir, BASE);
  const config = JSON.parse(readFileSync(identity.configPath, 'utf8')) as { emulators: { auth: { port: number } } };
  config.emulators.auth.port = port;
  await writeFile(identity.configPath, JSON.stringify(config));
}

const exported = (dir: string) => {
  const file = join(dir, 'auth-emulator', 'auth_export', 'accounts.json');
  return existsSync(file) ? readFileSync(file, 'utf8') : '';
};

let dirs: string[] = [];
const newDir = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'nodeyard-emulator-'));
  dirs.push(dir);
  return dir;
};
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  dirs = [];
});

describe('needsLocalAuthEmulator', () => {
  it('runs the emulator only when no real project is configured', () => {
    expect(needsLocalAuthEmulator({})).toBe(true);
    expect(needsLocalAuthEmulator({ FIREBASE_PROJECT_ID: 'demo-nodeyard' })).toBe(true);
    expect(needsLocalAuthEmulator({ FIREBASE_PROJECT_ID: 'my-real-project' })).toBe(false);
    expect(needsLocalAuthEmulator({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' })).toBe(false);
  });
});

describe('one emulator identity per data directory', () => {
  it('gives each data directory its own project id and ports, kept across runs', async () => {
    const [a, b] = [await newDir(), await newDir()];
    const first = await emulatorIdentity(a, BASE);
    const other = await emulatorIdentity(b, BASE);
    expect(first.projectId).toMatch(/^demo-nodeyard-[0-9a-f]{10}$/);
    expect(other.projectId).not.toBe(first.projectId);
    expect(new Set([first.authPort, first.hubPort, other.authPort, other.hubPort]).size).toBe(4);
    expect(await emulatorIdentity(a, BASE)).toEqual(first);
  });

  it("never takes another directory's running emulator (here the shared one) for its own", async () => {
    const dir = await newDir();
    const sharedPort = Number(EMULATOR_HOST.split(':')[1]);
    expect(await probeAuthEmulator(EMULATOR_HOST)).toBe('emulator');
    await recordAuthPort(dir, sharedPort);
    expect(await belongsToDataDir(await emulatorIdentity(dir, BASE))).toBe(false);
    const { identity, running } = await prepareAuthEmulator(dir, BASE);
    expect(running).toBe(false);
    expect(identity.authPort).not.toBe(sharedPort);
    expect((await emulatorIdentity(dir, BASE)).authPort).toBe(identity.authPort);
  });

  it('moves off a recorded port that something else holds', async () => {
    const dir = await newDir();
    const other = http.createServer((_, res) => res.end('hello'));
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    try {
      const taken = (other.address() as AddressInfo).port;
      await recordAuthPort(dir, taken);
      const { identity, running } = await prepareAuthEmulator(dir, BASE);
      expect(running).toBe(false);
      expect(identity.authPort).not.toBe(taken);
    } finally {
      await new Promise<void>((resolve) => other.close(() => resolve()));
    }
  });
});

describe('launchAuthEmulator', () => {
  // Database-independent and slow (three emulator boots, ~10 s each on a quiet machine, two of them at
  // once): run it in one database project only, with room for a busy machine.
  const BOOT_MS = 150_000;
  const otherProject = process.env['TEST_DB_DRIVER'] === 'postgres';
  let a: string;
  let b: string;
  beforeAll(async () => {
    [a, b] = [await newDir(), await newDir()];
  });

  it.skipIf(otherProject)(
    'two data directories: each export holds only its own accounts, and they come back on the next start',
    { timeout: 3 * BOOT_MS },
    async () => {
      const [first, second] = await Promise.all([
        launchAuthEmulator({ root, baseProjectId: BASE, dataDir: a }),
        launchAuthEmulator({ root, baseProjectId: BASE, dataDir: b }),
      ]);
      try {
        await Promise.all([first.ready(BOOT_MS), second.ready(BOOT_MS)]);
        expect(first).toMatchObject({ owned: true });
        expect(second).toMatchObject({ owned: true });
        expect(second.projectId).not.toBe(first.projectId);
        expect(second.hostPort).not.toBe(first.hostPort);
        // A second `npm start` on the same directory reuses its emulator (and never stops it).
        const again = await launchAuthEmulator({ root, baseProjectId: BASE, dataDir: a });
        expect(again).toMatchObject({ owned: false, hostPort: first.hostPort, projectId: first.projectId });

        const account = { email: 'only-in-a@example.test', password: 'correct-horse-battery', returnSecureToken: true };
        const created = await auth(first.hostPort, 'signUp', account);
        expect(created.status).toBe(200);
        // The other directory's emulator stops first: the order in which it used to export A's accounts.
        await second.stop();
        await first.stop();
        expect(await probeAuthEmulator(first.hostPort)).toBe('closed');
        expect(exported(a)).toContain(account.email);
        expect(existsSync(join(b, 'auth-emulator', 'firebase-export-metadata.json'))).toBe(true);
        expect(exported(b)).not.toContain(account.email);

        const restarted = await launchAuthEmulator({ root, baseProjectId: BASE, dataDir: a });
        try {
          await restarted.ready(BOOT_MS);
          expect(restarted.hostPort).toBe(first.hostPort);
          const signedIn = await auth(restarted.hostPort, 'signInWithPassword', account);
          expect(signedIn).toMatchObject({ status: 200, json: { localId: created.json.localId } });
        } finally {
          await restarted.stop();
        }
      } finally {
        await Promise.all([first.stop(), second.stop()]);
      }
    },
  );
});
