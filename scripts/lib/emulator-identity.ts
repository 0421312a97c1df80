// Which Firebase Auth emulator belongs to which data directory. `npm start` keeps each registry's
// accounts in its DATA_DIR, and the emulator exports them there when it stops. The export finds the
// emulator through firebase-tools' hub, and the CLI looks the hub up by project id in a file in the
// temp dir (`hub-<project>.json`): two emulators of one project id therefore share a hub, and the
// second one exports the first one's accounts. So each data directory gets its own project id (from
// a hash of its path) and its own ports (picked free once, kept in the data directory).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export interface EmulatorIdentity {
  projectId: string;
  host: string;
  authPort: number;
  hubPort: number;
  loggingPort: number;
  /** The firebase.json the CLI is started with (in the data directory). */
  configPath: string;
}

const HOST = '127.0.0.1';
const CONFIG_FILE = 'auth-emulator.firebase.json';

interface EmulatorConfig {
  emulators?: {
    auth?: { host?: string; port?: number };
    hub?: { host?: string; port?: number };
    logging?: { host?: string; port?: number };
  };
}

/** `<base>-<10 hex of the data directory's real path>`: stable for a directory, distinct between them. */
export function emulatorProjectId(baseProjectId: string, dataDir: string): string {
  const digest = createHash('sha256')
    .update(realpathSync(resolve(dataDir)))
    .digest('hex')
    .slice(0, 10);
  return `${baseProjectId}-${digest}`;
}

/** A port nothing listens on right now (the OS picks it). */
export async function freePort(host = HOST): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(0, host, resolveListen);
  });
  const address = server.address();
  await new Promise<void>((resolveClose) => server.close(() => resolveClose()));
  if (!address || typeof address === 'string') throw new Error('Could not pick a free port.');
  return address.port;
}

/** Whether a port can be bound right now. */
export async function isPortFree(port: number, host = HOST): Promise<boolean> {
  const server = createServer();
  const bound = await new Promise<boolean>((resolveListen) => {
    server.once('error', () => resolveListen(false));
    server.listen(port, host, () => resolveListen(true));
  });
  if (bound) await new Promise<void>((resolveClose) => server.close(() => resolveClose()));
  return bound;
}

function readConfig(path: string): EmulatorConfig | null {
  if (!existsSync(path)) return null;
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as EmulatorConfig;
  } catch {
    return null; // a damaged file is replaced
  }
}

/**
 * This data directory's emulator: its project id, and the ports recorded in it (picked free and
 * recorded the first time). `fresh` picks and records new ports (the recorded ones are taken).
 */
export async function emulatorIdentity(
  dataDir: string,
  baseProjectId: string,
  options: { fresh?: boolean } = {},
): Promise<EmulatorIdentity> {
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const configPath = join(dir, CONFIG_FILE);
  const projectId = emulatorProjectId(baseProjectId, dir);
  const recorded = options.fresh ? null : readConfig(configPath)?.emulators;
  if (recorded?.auth?.port && recorded.hub?.port && recorded.logging?.port) {
    return {
      projectId,
      host: recorded.auth.host ?? HOST,
      authPort: recorded.auth.port,
      hubPort: recorded.hub.port,
      loggingPort: recorded.logging.port,
      configPath,
    };
  }
  const [authPort, hubPort, loggingPort] = [await freePort(), await freePort(), await freePort()];
  const config = {
    emulators: {
      auth: { host: HOST, port: authPort },
      hub: { host: HOST, port: hubPort },
      logging: { host: HOST, port: loggingPort },
      ui: { enabled: false },
      singleProjectMode: true,
    },
  };
  writeFileSync(configPath, `${JSON.stringify(config, null, 2)}\n`);
  return { projectId, host: HOST, authPort, hubPort, loggingPort, configPath };
}

/** What firebase-tools' hub writes to `<tmp>/hub-<project>.json` while it runs. */
interface HubLocator {
  pid?: number;
  origins?: string[];
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether the emulator answering on this identity's auth port is this data directory's: a live hub
 * of this directory's project id runs an auth emulator on exactly that port. An emulator of another
 * data directory (or the test suites' shared one) never is, even on a recorded port.
 */
export async function belongsToDataDir(identity: EmulatorIdentity): Promise<boolean> {
  const locatorPath = join(tmpdir(), `hub-${identity.projectId}.json`);
  if (!existsSync(locatorPath)) return false;
  let locator: HubLocator;
  try {
    locator = JSON.parse(readFileSync(locatorPath, 'utf8')) as HubLocator;
  } catch {
    return false;
  }
  const origin = locator.origins?.[0];
  if (!locator.pid || !origin || !isAlive(locator.pid)) return false;
  try {
    const response = await fetch(`${origin}/emulators`, { signal: AbortSignal.timeout(1500) });
    const running = (await response.json()) as { auth?: { port?: number } };
    return running.auth?.port === identity.authPort;
  } catch {
    return false;
  }
}
