// Local sign-in for `npm start`. Without a real Firebase project, Nodeyard runs the Firebase Auth
// emulator (from the firebase-tools devDependency) as a child process, so sign-up and sign-in work
// offline, and keeps its accounts in DATA_DIR across restarts. Each DATA_DIR has an emulator of its
// own (project id and ports: emulator-identity.ts), so two registries on one machine never see, nor
// export, each other's accounts.
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { belongsToDataDir, emulatorIdentity, isPortFree, type EmulatorIdentity } from './emulator-identity.ts';

export interface AuthEmulatorSettings {
  FIREBASE_AUTH_EMULATOR_HOST?: string | undefined;
  FIREBASE_PROJECT_ID?: string | undefined;
}

/** A "demo-" project id is Firebase's convention for "no real project": only emulators serve it. */
export function needsLocalAuthEmulator(env: AuthEmulatorSettings): boolean {
  if (env.FIREBASE_AUTH_EMULATOR_HOST) return false;
  const project = env.FIREBASE_PROJECT_ID;
  return !project || project.startsWith('demo-');
}

export type ProbeResult = 'emulator' | 'other' | 'closed';

/** Whether the address answers like the auth emulator, like something else, or not at all. */
export async function probeAuthEmulator(hostPort: string): Promise<ProbeResult> {
  try {
    const response = await fetch(`http://${hostPort}/`, { signal: AbortSignal.timeout(1500) });
    const body = (await response.json().catch(() => null)) as { authEmulator?: { ready?: boolean } } | null;
    return body?.authEmulator?.ready ? 'emulator' : 'other';
  } catch (error) {
    // A timeout means something accepted the connection but did not answer like the emulator.
    return (error as Error).name === 'TimeoutError' ? 'other' : 'closed';
  }
}

export interface AuthEmulatorHandle {
  /** host:port, the value FIREBASE_AUTH_EMULATOR_HOST takes. */
  hostPort: string;
  url: string;
  /** This data directory's project id: the server and the browser must use it (FIREBASE_PROJECT_ID). */
  projectId: string;
  /** False when an emulator that was already running is reused (then we never stop it). */
  owned: boolean;
  /** Where the accounts are kept between runs (only for an emulator we started). */
  dataDir: string | null;
  /** Resolves once the emulator answers; rejects after the timeout or when the child dies first. */
  ready(timeoutMs?: number): Promise<void>;
  /** Asks the emulator to export its accounts and exit, and waits for it (then kills it). */
  stop(timeoutMs?: number): Promise<void>;
  /** Synchronous last resort for process 'exit': signal the child, do not wait. */
  stopNow(): void;
}

export interface LaunchOptions {
  /** The repository root (where firebase-tools is installed). */
  root: string;
  /** FIREBASE_PROJECT_ID ("demo-…"); the emulator's project is this plus a hash of the data directory. */
  baseProjectId: string;
  /** Accounts are imported from and exported to `<dataDir>/auth-emulator`. */
  dataDir: string;
}

const EXPORT_METADATA = 'firebase-export-metadata.json';
/**
 * Node arguments for every emulator process we start, before the CLI's path: they load
 * emulator-fast-start.ts, which makes the emulator compile its request validators as they are needed
 * (a start ≈ 12 → ≈ 4 CPU-s).
 */
const EMULATOR_NODE_ARGS = ['--import', fileURLToPath(new URL('./emulator-fast-start.ts', import.meta.url))];

/** The firebase-tools CLI installed under the repository root. */
const firebaseCli = (root: string) => join(root, 'node_modules', 'firebase-tools', 'lib', 'bin', 'firebase.js');

/** Node's arguments for an Auth emulator (`node <these>`): the preload, the CLI, then `cliArgs`. */
export function authEmulatorNodeArgs(root: string, cliArgs: readonly string[]): string[] {
  return [...EMULATOR_NODE_ARGS, firebaseCli(root), 'emulators:start', '--only', 'auth', ...cliArgs];
}

/** What firebase-tools prints once every emulator is up and has imported its data. */
const READY_LINE = 'All emulators ready';

function tail(file: string, lines = 25): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no output)';
  }
}

/**
 * This data directory's emulator, and whether it already runs. One running on the recorded port is
 * reused only when it is this directory's (belongsToDataDir); when the recorded ports are taken by
 * anything else (another directory's emulator, another program), new free ones are recorded.
 */
export async function prepareAuthEmulator(
  dataDir: string,
  baseProjectId: string,
): Promise<{ identity: EmulatorIdentity; running: boolean }> {
  const identity = await emulatorIdentity(dataDir, baseProjectId);
  const probe = await probeAuthEmulator(`${identity.host}:${identity.authPort}`);
  if (probe === 'emulator' && (await belongsToDataDir(identity))) return { identity, running: true };
  const portsFree =
    probe === 'closed' &&
    (await isPortFree(identity.hubPort, identity.host)) &&
    (await isPortFree(identity.loggingPort, identity.host));
  if (portsFree) return { identity, running: false };
  return { identity: await emulatorIdentity(dataDir, baseProjectId, { fresh: true }), running: false };
}

/**
 * Reuses this data directory's emulator when it already runs, else starts one. The child stays in
 * our process group on purpose: Ctrl-C in a terminal and a test runner killing the group reach it
 * too, so it is never left running on its own.
 */
export async function launchAuthEmulator(options: LaunchOptions): Promise<AuthEmulatorHandle> {
  const { identity, running } = await prepareAuthEmulator(options.dataDir, options.baseProjectId);
  const hostPort = `${identity.host}:${identity.authPort}`;
  const url = `http://${hostPort}`;
  const { projectId } = identity;
  if (running) {
    return {
      hostPort,
      url,
      projectId,
      owned: false,
      dataDir: null,
      ready: async () => {},
      stop: async () => {},
      stopNow() {},
    };
  }

  const home = resolve(options.dataDir);
  const dataDir = join(home, 'auth-emulator');
  mkdirSync(home, { recursive: true });
  const logFile = join(home, 'auth-emulator.log');
  const cli = firebaseCli(options.root);
  if (!existsSync(cli)) throw new Error(`firebase-tools is missing (${cli}): run npm install first.`);
  const args = authEmulatorNodeArgs(options.root, ['--project', projectId, '--config', identity.configPath]);
  if (existsSync(join(dataDir, EXPORT_METADATA))) args.push('--import', dataDir);
  args.push('--export-on-exit', dataDir);

  // Output goes to a file, not a pipe: the emulator keeps writing while it exports after we exit.
  const log = openSync(logFile, 'w');
  // In the data directory: the CLI's own debug log lands there too.
  const child: ChildProcess = spawn(process.execPath, args, { cwd: home, stdio: ['ignore', log, log] });
  closeSync(log);
  let exited = child.exitCode !== null;
  const exitedPromise = new Promise<void>((resolveExit) => {
    const done = () => {
      exited = true;
      resolveExit();
    };
    child.once('exit', done);
    // A failed spawn emits 'error' instead of 'exit'; unhandled, it would crash the server.
    child.once('error', done);
  });

  const isReady = async () =>
    (await probeAuthEmulator(hostPort)) === 'emulator' && readFileSync(logFile, 'utf8').includes(READY_LINE);

  return {
    hostPort,
    url,
    projectId,
    owned: true,
    dataDir,
    async ready(timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      // The emulator answers before it has imported the saved accounts; the CLI prints its
      // "all ready" line only after the import, so both must be seen.
      while (!(await isReady())) {
        if (exited) {
          throw new Error(
            `The Firebase Auth emulator exited before it was ready. Its output (${logFile}):\n${tail(logFile)}`,
          );
        }
        if (Date.now() > deadline) {
          child.kill('SIGKILL');
          throw new Error(
            `The Firebase Auth emulator did not answer on ${url} within ${Math.round(timeoutMs / 1000)} s. ` +
              `Its output (${logFile}):\n${tail(logFile)}`,
          );
        }
        await new Promise((resolveWait) => setTimeout(resolveWait, 250));
      }
    },
    async stop(timeoutMs = 15_000) {
      if (exited) return;
      // SIGINT is the emulator's "clean shutdown" (it exports first). A second SIGINT within 100 ms,
      // as when the terminal already sent one to the whole group, is ignored by the CLI.
      child.kill('SIGINT');
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      await exitedPromise;
      clearTimeout(timer);
    },
    stopNow() {
      if (!exited) child.kill('SIGINT');
    },
  };
}
