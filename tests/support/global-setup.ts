import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { EMULATOR_HOST, EMULATOR_PROJECT, isEmulatorUp } from './firebase-emulator.ts';
import { dropRunDatabases } from './test-db.ts';

// Starts the Firebase Auth emulator once for the server suites (or reuses a running one), so
// sign-in in tests is the real thing and not a mock.
let emulator: ChildProcess | undefined;
let run: string | undefined;

export async function setup() {
  process.env['FIREBASE_AUTH_EMULATOR_HOST'] = EMULATOR_HOST;
  // Names this run's throw-away PostgreSQL databases (tests/support/test-db.ts); the workers inherit it.
  run = process.env['NODEYARD_TEST_RUN'] ??= randomBytes(4).toString('hex');
  if (await isEmulatorUp()) return;
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const cli = fileURLToPath(new URL('../../node_modules/firebase-tools/lib/bin/firebase.js', import.meta.url));
  emulator = spawn(process.execPath, [cli, 'emulators:start', '--only', 'auth', '--project', EMULATOR_PROJECT], {
    cwd: root,
    stdio: 'ignore',
    detached: true,
  });
  const deadline = Date.now() + 60_000;
  while (!(await isEmulatorUp())) {
    if (Date.now() > deadline) throw new Error('The Firebase Auth emulator did not start within 60 s.');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export async function teardown() {
  // A worker keeps its databases until it exits (they are reused file after file): drop them now.
  if (run && process.env['TEST_DATABASE_URL']) await dropRunDatabases(run);
  if (emulator?.pid) {
    try {
      process.kill(-emulator.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
}
