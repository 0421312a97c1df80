import { randomBytes } from 'node:crypto';
import { EMULATOR_HOST } from './firebase-emulator.ts';
import { startSharedEmulator, type StopEmulator } from './shared-emulator.ts';
import { dropRunDatabases } from './test-db.ts';

// Starts the Firebase Auth emulator once for the server suites (or reuses a running one), so
// sign-in in tests is the real thing and not a mock.
let stopEmulator: StopEmulator | undefined;
let run: string | undefined;

export async function setup() {
  process.env['FIREBASE_AUTH_EMULATOR_HOST'] = EMULATOR_HOST;
  // Names this run's throw-away PostgreSQL databases (tests/support/test-db.ts); the workers inherit it.
  run = process.env['NODEYARD_TEST_RUN'] ??= randomBytes(4).toString('hex');
  stopEmulator = await startSharedEmulator();
}

export async function teardown() {
  // A worker keeps its databases until it exits (they are reused file after file): drop them now.
  if (run && process.env['TEST_DATABASE_URL']) await dropRunDatabases(run);
  stopEmulator?.();
}
