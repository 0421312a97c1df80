import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export interface InstanceProcess {
  apiUrl: string;
  siteUrl: string;
  process: ChildProcess;
  /** Everything the instance printed (for failure messages). */
  output(): string;
  kill(): Promise<void>;
  stop(): Promise<void>;
}

const ENTRY = fileURLToPath(new URL('./instance-entry.ts', import.meta.url));
/** As production runs the server: a 32 MB young generation, external memory in the global limit (docs/operations.md § 3). */
const SERVER_NODE_FLAGS = ['--max-semi-space-size=32', '--external-memory-accounted-in-global-limit'];

/** A free loopback port (the instance needs it up front: it goes into its download URLs). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface StartOptions {
  /** V8 flags beyond production's (tests/support/test-instance.ts: the tests' short-lived instances). */
  extraNodeFlags?: readonly string[];
}

/** Starts `node bench/lib/instance-entry.ts` with `env` and waits for it to serve. */
export async function startInstance(
  env: Record<string, string>,
  timeoutMs = 60_000,
  { extraNodeFlags = [] }: StartOptions = {},
): Promise<InstanceProcess> {
  const [sitePort, apiPort] = [await freePort(), await freePort()];
  // V8 flags as production runs the server (package.json `start`, the Dockerfile).
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...extraNodeFlags, ENTRY], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(sitePort),
      API_PORT: String(apiPort),
      API_PUBLIC_URL: `http://127.0.0.1:${apiPort}`,
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const urls = await new Promise<{ apiUrl: string; siteUrl: string }>((resolve, reject) => {
    // A start that timed out must not leave its process behind (it would keep writing to its data directory).
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`instance did not start within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    child.stdout.on('data', () => {
      const match = /READY (\{.*\})/.exec(output);
      if (!match) return;
      clearTimeout(timer);
      resolve(JSON.parse(match[1]!) as { apiUrl: string; siteUrl: string });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`instance exited with ${code}:\n${output}`));
    });
  });
  return {
    ...urls,
    process: child,
    output: () => output,
    /** SIGKILL: no drain, no cleanup (the crash test). */
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
