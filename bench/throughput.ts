// `npm run bench:throughput`: how many of the hottest anonymous reads one instance serves, next to a
// bare node:http hello-world measured in the same run with the same load generator (autocannon,
// 10 connections), so the "share of hello-world" holds even on a busy machine. Prints req/s, p50/p99
// latency and that share per route, with the response cache on and off, on PGlite and (when
// DATABASE_URL or TEST_DATABASE_URL is set) on PostgreSQL, plus the cache's memory.
//
// Data: the real corpus (/work/shared/data/comfy-node-corpus.json or BENCH_CORPUS) imported once into
// .bench-data/ (PGlite) or into the PostgreSQL database (idempotent); without it, the demo packs.
// Pages need a site build (`npm run build`); they are skipped with a message otherwise.
// Knobs: BENCH_SECONDS (10 per route), BENCH_CONNECTIONS (10), BENCH_MODES (cached,uncached),
// BENCH_DRIVERS (pglite,postgres), BENCH_ROUTES (comma list of route names to run).
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { buildDirectory } from '../src/server/build-directory.ts';
import { freePort, startInstance, type InstanceProcess } from './lib/instance-process.ts';

const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 10);
const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 10);
const MODES = (process.env['BENCH_MODES'] ?? 'cached,uncached').split(',');
const ONLY = process.env['BENCH_ROUTES']?.split(',');
const CORPUS = process.env['BENCH_CORPUS'] ?? '/work/shared/data/comfy-node-corpus.json';
const databaseUrl = process.env['DATABASE_URL'] ?? process.env['TEST_DATABASE_URL'];
const DRIVERS = (process.env['BENCH_DRIVERS'] ?? 'pglite,postgres')
  .split(',')
  .filter((driver) => driver === 'pglite' || (driver === 'postgres' && databaseUrl));
const root = resolve(new URL('..', import.meta.url).pathname);
const withSite = existsSync(join(buildDirectory(), 'server', 'entry.mjs'));
const haveCorpus = existsSync(CORPUS);
const HEADERS = { 'accept-encoding': 'br, gzip' };

interface Measured {
  route: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function drive(route: string, urls: string[], headers: Record<string, string> = HEADERS): Promise<Measured> {
  // One warm-up pass (first renders, JIT), then the timed run cycling through the URLs.
  for (const url of urls) await fetch(url, { headers }).then((r) => r.arrayBuffer());
  const result = await autocannon({
    url: urls[0]!,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers,
    requests: urls.map((url) => ({ path: url.slice(new URL(url).origin.length) })),
  });
  const errors = result.errors + result.timeouts + result.non2xx;
  return { route, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors };
}

function helloWorld(port: number): ChildProcess {
  const code = `require('node:http').createServer((q, s) => { s.writeHead(200, {'content-type': 'text/plain'}); s.end('hello world'); }).listen(${port}, '127.0.0.1', () => console.log('READY'));`;
  return spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
}

async function startHello(): Promise<{ url: string; stop(): void }> {
  const port = await freePort();
  const child = helloWorld(port);
  await new Promise<void>((done) => child.stdout!.once('data', () => done()));
  return { url: `http://127.0.0.1:${port}/`, stop: () => child.kill() };
}

function runImport(env: Record<string, string>): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [join(root, 'scripts/import-corpus.ts'), CORPUS], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'inherit', 'ignore'],
    });
    child.once('exit', (code) => (code === 0 ? done() : fail(new Error(`import exited with ${code}`))));
  });
}

/** A data dir (PGlite) or database (PostgreSQL) holding the corpus, imported once. */
async function prepareData(driver: string): Promise<Record<string, string>> {
  const dataDir = join(root, '.bench-data', `throughput-${driver}`);
  mkdirSync(dataDir, { recursive: true });
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    STORAGE_SIGNING_SECRET: 'throughput-bench-signing-secret-0123456789',
    RATE_LIMIT_ENABLED: 'false',
    NODEYARD_INSTANCE_SITE: String(withSite),
    LOG_LEVEL: 'warn',
    // Empty = unset (env.ts): the PGlite run must not inherit the parent's DATABASE_URL.
    DATABASE_URL: driver === 'postgres' ? databaseUrl! : '',
  };
  if (!haveCorpus) return { ...env, SEED_DEMO_DATA: 'true' };
  const marker = join(dataDir, 'corpus-imported');
  if (driver === 'postgres' || !existsSync(marker)) {
    console.log(`Importing the corpus into ${driver}…`);
    await runImport({ ...env, SEED_DEMO_DATA: 'false' });
    writeFileSync(marker, new Date().toISOString());
  }
  return { ...env, SEED_DEMO_DATA: 'false' };
}

interface Route {
  route: string;
  urls: string[];
  headers?: Record<string, string>;
}

// autocannon turns every response body into a string; compressed (binary) bodies that change from one
// response to the next make that decoding the bottleneck of the load generator itself (measured: the
// server idles at ~40 % of a core while 20 cached node pages cycle at 3.7k req/s with brotli, and serves
// 11.5k req/s of the same pages uncompressed, five times the bytes). So pages, which cycle through
// distinct ~10 KB compressed bodies, are also driven uncompressed: more work for the server, none for
// the client's decoder.
const IDENTITY = { 'accept-encoding': 'identity' };

async function routesOf(instance: InstanceProcess): Promise<Route[]> {
  const list = (await (await fetch(`${instance.apiUrl}/nodes?limit=30`)).json()) as {
    nodes: Array<{ id: string; publisher?: { id: string } }>;
    total: number;
  };
  console.log(`first list page: ${list.nodes.length} of ${list.total} packs`);
  const ids = list.nodes.slice(0, 20).map((node) => encodeURIComponent(node.id));
  const publishers = [...new Set(list.nodes.map((node) => node.publisher?.id).filter(Boolean))].slice(0, 5) as string[];
  const api = instance.apiUrl;
  const site = instance.siteUrl;
  const routes: Route[] = [
    { route: 'GET /nodes/{id}', urls: ids.map((id) => `${api}/nodes/${id}`) },
    {
      route: 'GET /nodes?limit=30&page=N',
      urls: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => `${api}/nodes?limit=30&page=${n}`),
    },
    { route: 'GET /nodes/search (typo)', urls: [`${api}/nodes/search?search=upscle&limit=30`] },
    { route: 'GET /publishers/{id}', urls: publishers.map((id) => `${api}/publishers/${id}`) },
  ];
  if (withSite) {
    const nodePages = ids.map((id) => `${site}/en/nodes/${id}`);
    const publisherPages = publishers.map((id) => `${site}/en/publishers/${id}`);
    routes.push(
      { route: 'page /en/nodes/{id}', urls: nodePages },
      { route: 'page /en/publishers/{id}', urls: publisherPages },
      { route: 'page /en/ (home)', urls: [`${site}/en/`] },
      { route: 'page /en/nodes/{id} (identity)', urls: nodePages, headers: IDENTITY },
      { route: 'page /en/publishers/{id} (identity)', urls: publisherPages, headers: IDENTITY },
    );
  }
  for (const route of routes) if (route.urls.length === 0) console.log(`${route.route}: nothing to read, skipped`);
  return routes.filter((route) => route.urls.length > 0 && (!ONLY || ONLY.some((name) => route.route.includes(name))));
}

/** The cache's own numbers from /metrics: bytes, hits, misses, invalidations. */
async function cacheStats(instance: InstanceProcess): Promise<Record<string, number>> {
  const text = await (await fetch(`${instance.apiUrl}/metrics`)).text();
  const stats: Record<string, number> = {};
  for (const match of text.matchAll(/^nodeyard_response_cache_(\w+) (\d+)/gm)) stats[match[1]!] = Number(match[2]);
  return stats;
}

const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(9);

function printTable(title: string, hello: Measured, rows: Measured[]): void {
  console.log(`\n${title}`);
  console.log(
    `${'route'.padEnd(34)} ${'req/s'.padStart(9)} ${'p50'.padStart(9)} ${'p99'.padStart(9)} ${'share'.padStart(7)} errors`,
  );
  for (const row of [hello, ...rows]) {
    const share = `${((100 * row.rps) / hello.rps).toFixed(1)} %`.padStart(7);
    console.log(
      `${row.route.padEnd(34)} ${row.rps.toFixed(0).padStart(9)} ${ms(row.p50)} ${ms(row.p99)} ${share} ${row.errors}`,
    );
  }
}

console.log(
  `bench:throughput — ${CONNECTIONS} connections, ${SECONDS} s per route, ${haveCorpus ? `corpus ${CORPUS}` : 'no corpus file: demo packs'}, ` +
    `${withSite ? 'site build found' : 'no site build: pages skipped (npm run build)'}; load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')} on ${(await import('node:os')).cpus().length} cores.`,
);
const hello = await startHello();
try {
  for (const driver of DRIVERS) {
    const env = await prepareData(driver);
    for (const mode of MODES) {
      const instance = await startInstance(
        { ...env, RESPONSE_CACHE_MAX_BYTES: mode === 'uncached' ? '0' : String(64 * 1024 * 1024) },
        300_000,
      );
      try {
        const routes = await routesOf(instance);
        const rows: Measured[] = [];
        // Hello-world first and last: the share uses their mean, so drift during the run shows.
        const helloBefore = await drive('hello-world (node:http)', [hello.url]);
        for (const { route, urls, headers } of routes) rows.push(await drive(route, urls, headers));
        const helloAfter = await drive('hello-world (node:http)', [hello.url]);
        const helloMean = { ...helloBefore, rps: (helloBefore.rps + helloAfter.rps) / 2 };
        printTable(
          `${driver}, response cache ${mode === 'uncached' ? 'OFF' : 'ON'} (hello-world ${helloBefore.rps.toFixed(0)} → ${helloAfter.rps.toFixed(0)} req/s)`,
          helloMean,
          rows,
        );
        const stats = await cacheStats(instance);
        if (mode !== 'uncached' && stats['bytes'] !== undefined) {
          console.log(
            `response cache memory: ${(stats['bytes'] / 1024 / 1024).toFixed(2)} MiB in ${stats['entries']} entries ` +
              `(bound RESPONSE_CACHE_MAX_BYTES = 64 MiB); ${stats['hits_total']} hits, ${stats['misses_total']} misses, ` +
              `${stats['invalidations_total']} invalidations`,
          );
        }
      } finally {
        await instance.stop();
      }
    }
  }
} finally {
  hello.stop();
}
console.log(
  `load average at the end: ${loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')}`,
);
