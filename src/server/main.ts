// Production entry: one process, two listeners. The site (pages, assets, and the API under /api)
// on PORT, and the stand-alone API (the api.comfy.org drop-in) at the root of API_PORT.
import { getRequestListener } from '@hono/node-server';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { type AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { join, resolve as resolvePath } from 'node:path';
import { createApp } from './app.ts';
import { buildDirectory } from './build-directory.ts';
import { parseEnv, type Env } from './env.ts';
import { createRuntime, type Runtime } from './runtime.ts';
import { seedDemoDataIfEmpty } from './seed/seed-demo.ts';

type NodeHandler = (req: http.IncomingMessage, res: http.ServerResponse, next?: unknown, locals?: object) => void;

function listen(server: http.Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
  });
}

/** Marks an embedded data dir as in use: PGlite has no lock, and two processes on one dir corrupt it. */
export const serverPidFile = (dataDir: string) => join(resolvePath(dataDir), 'server.pid');

/** The pid of a live process that holds the data dir, if any (a stale file from a crash is ignored). */
export function dataDirOwner(dataDir: string): number | null {
  const file = serverPidFile(dataDir);
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

/** Takes the data dir for this process (throws when another live process has it); returns the release. */
export function claimDataDir(dataDir: string): () => void {
  const owner = dataDirOwner(dataDir);
  if (owner) {
    throw new Error(
      `Another Nodeyard process (pid ${owner}) is using ${resolvePath(dataDir)}. Stop it first ` +
        `(or delete ${serverPidFile(dataDir)} if that process is not Nodeyard).`,
    );
  }
  mkdirSync(resolvePath(dataDir), { recursive: true });
  writeFileSync(serverPidFile(dataDir), String(process.pid));
  return () => rmSync(serverPidFile(dataDir), { force: true });
}

/** An empty embedded registry gets the demo packs, unless SEED_DEMO_DATA says otherwise. */
async function seedIfWanted(env: Env, runtime: Runtime): Promise<void> {
  if (!(env.SEED_DEMO_DATA ?? runtime.embedded)) return;
  const result = await seedDemoDataIfEmpty(runtime.services);
  if (!result.seeded) return;
  console.log(
    `Seeded demo data: ${result.nodes} sample packs with ${result.versions} versions by publisher "nodeyard-demo" ` +
      `in ${Math.round(result.milliseconds)} ms (SEED_DEMO_DATA=false starts empty).`,
  );
}

export interface RunningServer {
  siteUrl: string;
  apiUrl: string;
  close(): Promise<void>;
}

export async function startServer(): Promise<RunningServer> {
  const env = parseEnv();
  const releaseDataDir = env.DATABASE_URL ? () => {} : claimDataDir(env.DATA_DIR);
  const runtime = await createRuntime(env).catch((error: unknown) => {
    releaseDataDir();
    throw error;
  });
  try {
    await seedIfWanted(env, runtime);
    // Search answers from memory: load it fully before the first request, then follow the change feed.
    const search = await runtime.searchSync.start();
    console.log(`Search index: ${search.documents} nodes loaded in ${Math.round(search.milliseconds)} ms.`);
  } catch (error) {
    await runtime.close();
    releaseDataDir();
    throw error;
  }
  const api = createApp(runtime.services);
  const apiListener = getRequestListener(api.fetch);

  // The adapter's entry would start its own server on import unless told not to.
  process.env['ASTRO_NODE_AUTOSTART'] = 'disabled';
  const entryPath = pathToFileURL(join(buildDirectory(), 'server', 'entry.mjs')).href;
  const { handler: siteHandler } = (await import(entryPath)) as { handler: NodeHandler };
  const locals = { services: runtime.services };

  const site = http.createServer((req, res) => {
    const url = req.url ?? '/';
    if (url === '/api' || url.startsWith('/api/') || url.startsWith('/api?')) {
      req.url = url.slice(4) || '/';
      void apiListener(req, res);
      return;
    }
    siteHandler(req, res, undefined, locals);
  });
  const apiServer = http.createServer(apiListener);

  const sitePort = await listen(site, env.PORT, env.HOST);
  const apiPort = await listen(apiServer, env.API_PORT, env.HOST);
  const shownHost = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
  return {
    siteUrl: `http://${shownHost}:${sitePort}`,
    apiUrl: `http://${shownHost}:${apiPort}`,
    async close() {
      await Promise.all([
        new Promise<void>((resolve) => site.close(() => resolve())),
        new Promise<void>((resolve) => apiServer.close(() => resolve())),
      ]);
      await runtime.close();
      releaseDataDir();
    },
  };
}
