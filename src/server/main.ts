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
import { registerCacheMetrics } from './cache/cache-metrics.ts';
import { startResponseCache } from './cache/start-response-cache.ts';
import { IMAGE_ENDPOINT } from '../lib/images/image-url.ts';
import { imageEndpoint } from './images/image-endpoint.ts';
import { queueArchiveRecheckOnce } from './services/archives/queue-archive-recheck.ts';
import { queueArchiveHashBackfill } from './services/archives/backfill-archive-hashes.ts';
import { queueReadmeBackfill } from './services/readmes/backfill-readmes.ts';
import { queueCapabilitiesBackfill } from './services/version-changes/backfill-capabilities.ts';
import { startMirrorFromEnv } from './mirror/mirror-from-env.ts';
import type { RunningMirror } from './mirror/mirror-follower.ts';
import { authEmulatorRefusal } from './ops/auth-emulator-guard.ts';
import { createStaticFiles } from './http/static-files.ts';
import { createLogger } from './ops/logger.ts';
import { installCountsSettled } from './services/nodes/count-install.ts';
import type { RateLimitConfig } from './ops/rate-limit.ts';
import { requestClientAddress } from './http/client-ip.ts';
import { parseEnv, trustedProxyHops, type Env } from './env.ts';
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
  // A mirror's catalogue is its upstream's, and nothing else.
  if (env.MIRROR_UPSTREAM || !(env.SEED_DEMO_DATA ?? runtime.embedded)) return;
  const result = await seedDemoDataIfEmpty(runtime.services);
  if (!result.seeded) return;
  console.log(
    `Seeded demo data: ${result.nodes} sample packs with ${result.versions} versions by publisher "nodeyard-demo" ` +
      `in ${Math.round(result.milliseconds)} ms (SEED_DEMO_DATA=false starts empty).`,
  );
}

const DRAIN_GRACE_MS = 20_000;

function drain(server: http.Server): Promise<void> {
  return new Promise<void>((resolve) => {
    const force = setTimeout(() => server.closeAllConnections(), DRAIN_GRACE_MS);
    force.unref();
    server.close(() => {
      clearTimeout(force);
      resolve();
    });
    server.closeIdleConnections();
  });
}

function rateLimitsFromEnv(env: Env): RateLimitConfig {
  return {
    windowSeconds: env.RATE_LIMIT_WINDOW_SECONDS,
    writesPerIp: env.RATE_LIMIT_WRITES_PER_IP,
    writesPerCredential: env.RATE_LIMIT_WRITES_PER_CREDENTIAL,
    authenticatedPerIp: env.RATE_LIMIT_AUTHENTICATED_PER_IP,
  };
}

export interface RunningServer {
  siteUrl: string;
  apiUrl: string;
  close(): Promise<void>;
}

/** Answers site requests of an instance started without the site build (API-only instances). */
const noSite: NodeHandler = (_req, res) => {
  res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('This instance serves the API only.\n');
};

/**
 * The built site: its files first (as the adapter's standalone handler did), then Astro's pages. The
 * adapter runs in middleware mode, whose handler passes `locals` (the services, and the client's
 * address as the API sees it) on to every page.
 */
async function loadSiteHandler(localsFor: (req: http.IncomingMessage) => object): Promise<NodeHandler> {
  const entryPath = pathToFileURL(join(buildDirectory(), 'server', 'entry.mjs')).href;
  const pages = ((await import(entryPath)) as { handler: NodeHandler }).handler;
  const files = createStaticFiles(join(buildDirectory(), 'client'));
  return (req, res) => {
    try {
      decodeURI(req.url ?? '/');
    } catch {
      res.writeHead(400).end('Bad request.');
      return;
    }
    files(req, res, () => pages(req, res, undefined, localsFor(req)));
  };
}

/**
 * Starts one instance. `site: false` skips the Astro build (API-only instances: the multi-instance
 * test and benchmarks run before or without a site build).
 */
export async function startServer(options: { site?: boolean } = {}): Promise<RunningServer> {
  const env = parseEnv();
  // The emulator's unsigned tokens are accepted only on a developer's machine (ops/auth-emulator-guard.ts).
  const refusal = env.FIREBASE_AUTH_EMULATOR_HOST
    ? authEmulatorRefusal({ ...env, NODE_ENV: process.env['NODE_ENV'] })
    : null;
  if (refusal) throw new Error(refusal);
  const releaseDataDir = env.DATABASE_URL ? () => {} : claimDataDir(env.DATA_DIR);
  const runtime = await createRuntime(env).catch((error: unknown) => {
    releaseDataDir();
    throw error;
  });
  let mirror: RunningMirror | null = null;
  try {
    await seedIfWanted(env, runtime);
    // Search answers from memory: load it fully before the first request, then follow the change feed
    // (its cursor noted first, so a change during the load is applied again rather than missed).
    await runtime.changes.begin();
    const search = await runtime.searchSync.start();
    await runtime.followChanges();
    console.log(`Search index: ${search.documents} nodes loaded in ${Math.round(search.milliseconds)} ms.`);
    // New archive rules: every Active version's stored archive is checked again, once (queueArchiveRecheckOnce).
    await queueArchiveRecheckOnce(runtime.services.db);
    // Accepted archives without a recorded sha256 get one (services/archives/backfill-archive-hashes.ts).
    await queueArchiveHashBackfill(runtime.services.db);
    // Archives scanned before READMEs were stored get theirs rendered once (services/readmes/backfill-readmes.ts).
    await queueReadmeBackfill(runtime.services.db);
    // Versions scanned before capability summaries get one (services/version-changes/backfill-capabilities.ts).
    await queueCapabilitiesBackfill(runtime.services.db);
    // Scans and node-class extraction of uploads, acceptance of direct (S3) uploads, the backfills just
    // queued (its first look finds them); stopped by runtime.close().
    runtime.jobs.start();
    // Change-feed pruning (INDEX_CHANGES_RETENTION_DAYS; older index cursors get a 410), the upload
    // janitor and search upkeep (periodic-tasks.ts); stopped by runtime.close().
    runtime.scheduler.start();
    // Mirror mode: the catalogue follows the upstream's signed index (it serves what it has meanwhile).
    mirror = startMirrorFromEnv(env, runtime);
  } catch (error) {
    await mirror?.close();
    await runtime.close();
    releaseDataDir();
    throw error;
  }
  let shuttingDown = false;
  // Anonymous reads from memory; compression of everything else (src/server/cache/).
  const responseCache = startResponseCache(env, runtime);
  const proxyHops = trustedProxyHops(env);
  const api = createApp(runtime.services, {
    registerMetrics: (registry) => registerCacheMetrics(registry, responseCache.store),
    logger: createLogger({ level: env.LOG_LEVEL }),
    processMetrics: true,
    ...(env.METRICS_TOKEN ? { metricsToken: env.METRICS_TOKEN } : {}),
    ...(env.RATE_LIMIT_ENABLED ? { rateLimits: rateLimitsFromEnv(env) } : {}),
    isShuttingDown: () => shuttingDown,
    maxBodyBytes: env.MAX_REQUEST_BODY_BYTES,
    proxyHops,
  });
  const apiListener = getRequestListener(api.fetch);

  // Never Astro.clientAddress: it believes the left-most X-Forwarded-For entry, which the client chooses.
  const siteHandler =
    options.site === false
      ? noSite
      : await loadSiteHandler((req) => ({
          services: runtime.services,
          clientAddress: requestClientAddress(req, proxyHops),
        }));

  // Publishers' images, fetched, resized and cached by the server (src/server/images/); it keeps its
  // own cache, so it sits in front of the response cache.
  const imageListener = imageEndpoint(env, runtime.services).listener;
  const siteListener = responseCache.wrap('site', (req, res) => {
    const url = req.url ?? '/';
    if (url === '/api' || url.startsWith('/api/') || url.startsWith('/api?')) {
      req.url = url.slice(4) || '/';
      void apiListener(req, res);
      return;
    }
    // Probes hit the site port too (one port per instance behind a load balancer).
    if (/^\/(healthz|readyz|metrics)(\?|$)/.test(url)) {
      void apiListener(req, res);
      return;
    }
    siteHandler(req, res);
  });
  const site = http.createServer((req, res) => {
    const url = req.url ?? '/';
    if (url === IMAGE_ENDPOINT || url.startsWith(`${IMAGE_ENDPOINT}?`)) {
      void imageListener(req, res);
      return;
    }
    siteListener(req, res);
  });
  const apiServer = http.createServer(responseCache.wrap('api', (req, res) => void apiListener(req, res)));

  const sitePort = await listen(site, env.PORT, env.HOST);
  const apiPort = await listen(apiServer, env.API_PORT, env.HOST);
  const shownHost = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
  return {
    siteUrl: `http://${shownHost}:${sitePort}`,
    apiUrl: `http://${shownHost}:${apiPort}`,
    async close() {
      // Graceful: /readyz turns 503 at once, listeners stop accepting, in-flight requests finish
      // (idle keep-alive sockets are closed now, busy ones after a grace period), then background
      // work and the database stop.
      shuttingDown = true;
      await Promise.all([drain(site), drain(apiServer)]);
      await installCountsSettled();
      await mirror?.close();
      await responseCache.close();
      await runtime.close();
      releaseDataDir();
    },
  };
}
