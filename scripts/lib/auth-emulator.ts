// Local sign-in for `npm start`. Without a real Firebase project, Nodeyard runs the Firebase Auth
// emulator (from the firebase-tools devDependency) as a child process, so sign-up and sign-in work
// offline, and keeps its accounts in DATA_DIR across restarts.
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

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

/** Host and port of the auth emulator as firebase.json sets them (the CLI reads the same file). */
export function emulatorAddress(configPath: string): { host: string; port: number } {
  const config = JSON.parse(readFileSync(configPath, 'utf8')) as {
    emulators?: { auth?: { host?: string; port?: number } };
  };
  return { host: config.emulators?.auth?.host ?? '127.0.0.1', port: config.emulators?.auth?.port ?? 9099 };
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
  /** The repository root: the CLI runs here. */
  root: string;
  projectId: string;
  /** Accounts are imported from and exported to `<dataDir>/auth-emulator`. */
  dataDir: string;
  /** firebase.json to use (tests point it at another port). */
  configPath?: string;
}

const EXPORT_METADATA = 'firebase-export-metadata.json';
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
 * Reuses an emulator that already listens on the configured address, else starts one. The child
 * stays in our process group on purpose: Ctrl-C in a terminal and a test runner killing the group
 * reach it too, so it is never left running on its own.
 */
export async function launchAuthEmulator(options: LaunchOptions): Promise<AuthEmulatorHandle> {
  const configPath = resolve(options.configPath ?? join(options.root, 'firebase.json'));
  const { host, port } = emulatorAddress(configPath);
  const hostPort = `${host}:${port}`;
  const url = `http://${hostPort}`;
  const probe = await probeAuthEmulator(hostPort);
  if (probe === 'emulator') {
    return { hostPort, url, owned: false, dataDir: null, ready: async () => {}, stop: async () => {}, stopNow() {} };
  }
  if (probe === 'other') {
    throw new Error(`Port ${port} on ${host} is in use by something that is not the Firebase Auth emulator.`);
  }

  const dataDir = join(resolve(options.dataDir), 'auth-emulator');
  mkdirSync(dirname(dataDir), { recursive: true });
  const logFile = join(dirname(dataDir), 'auth-emulator.log');
  const cli = join(options.root, 'node_modules', 'firebase-tools', 'lib', 'bin', 'firebase.js');
  if (!existsSync(cli)) throw new Error(`firebase-tools is missing (${cli}): run npm install first.`);
  const args = [cli, 'emulators:start', '--only', 'auth', '--project', options.projectId, '--config', configPath];
  if (existsSync(join(dataDir, EXPORT_METADATA))) args.push('--import', dataDir);
  args.push('--export-on-exit', dataDir);

  // Output goes to a file, not a pipe: the emulator keeps writing while it exports after we exit.
  const log = openSync(logFile, 'w');
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: dirname(configPath),
    stdio: ['ignore', log, log],
  });
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
