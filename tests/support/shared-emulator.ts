import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { authEmulatorNodeArgs } from '../../scripts/lib/auth-emulator.ts';
import { EMULATOR_PROJECT, isEmulatorUp } from './firebase-emulator.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** How the shared emulator is started, here and by Playwright when it runs alone (playwright.config.ts). */
export const SHARED_EMULATOR_NODE_ARGS = authEmulatorNodeArgs(ROOT, ['--project', EMULATOR_PROJECT]);

/** Stops the emulator if this call started it; a no-op when one was already running. */
export type StopEmulator = () => void;

/**
 * The Firebase Auth emulator the server suites and the browser tests share (demo-nodeyard on 9099):
 * reuses a running one, else starts one in its own process group. Whoever starts it stops it, so
 * `npm test` starts it before its test phases: were Vitest to start it, its teardown would end it
 * (under Playwright's running tests when the two ran side by side, which failed a CI run once), and
 * Playwright would pay for another start.
 */
export async function startSharedEmulator(): Promise<StopEmulator> {
  if (await isEmulatorUp()) return () => {};
  const child = spawn(process.execPath, SHARED_EMULATOR_NODE_ARGS, { cwd: ROOT, stdio: 'ignore', detached: true });
  const stop = () => {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  };
  const deadline = Date.now() + 120_000;
  while (!(await isEmulatorUp())) {
    if (child.exitCode !== null || Date.now() > deadline) {
      stop();
      throw new Error('The Firebase Auth emulator did not start within 120 s.');
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return stop;
}
