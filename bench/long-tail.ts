// `npm run bench:long-tail`: the long tail of node pages. ≥ 700 distinct packs (with a real archive and
// README each), each page asked once in a rotating language by concurrent clients that pull from ONE
// shared queue (so no page is asked twice in the cold pass), then the same pages again (now cached),
// beside a bare node:http hello-world measured in the same run with the same client (autocannon). On PGlite and on
// PostgreSQL. Prints req/s, p50/p99, the share of hello-world's req/s and the server's CPU per page (its
// main thread and the whole process, from /proc). A third pass asks the workflow resolver's page as many
// times (the layout and one island, no data, never cached): the floor of any page this stack renders,
// to set a cold node page against. A benchmark: no assertions.
//
// Needs a site build (`npm run build`, or NODEYARD_BUILD_DIR). Data: the corpus (BENCH_CORPUS) imported
// once into .bench-data/long-tail-pglite or the database nodeyard_long_tail beside DATABASE_URL /
// TEST_DATABASE_URL; the newest BENCH_PAGES packs get an archive with a README.
// Knobs: BENCH_PAGES (720), BENCH_CONNECTIONS (10), BENCH_DRIVERS (pglite,postgres), BENCH_CPU_PROFILE
// (a directory: the instance writes a V8 CPU profile there on exit).
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { buildDirectory } from '../src/server/build-directory.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { loadCorpusFile } from '../src/server/services/import/corpus-file.ts';
import { importCorpus } from '../src/server/services/import/import-corpus.ts';
import { freePort, startInstance } from './lib/instance-process.ts';
import { cpuMsPer, processCpuSeconds } from './lib/process-cpu.ts';
import {
  longTailDatabaseUrl,
  longTailDataDir,
  longTailInstanceEnv,
  longTailLanguage,
  longTailPagePath,
} from './lib/long-tail-data.ts';
import { giveReadmes } from './lib/readme-packs.ts';
import { DEFAULT_CORPUS } from './lib/scaled-corpus.ts';
import { ms } from './lib/search-stats.ts';

const PAGES = Number(process.env['BENCH_PAGES'] ?? 720);
const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 10);
const CORPUS = process.env['BENCH_CORPUS'] ?? DEFAULT_CORPUS;
const PROFILE_DIR = process.env['BENCH_CPU_PROFILE'];
/** Node pages of packs outside the measured set rendered before the passes (BENCH_WARM_PAGES). */
const WARM_PAGES = Number(process.env['BENCH_WARM_PAGES'] ?? 200);
const serverUrl = process.env['DATABASE_URL'] ?? process.env['TEST_DATABASE_URL'];
const DRIVERS = (process.env['BENCH_DRIVERS'] ?? 'pglite,postgres')
  .split(',')
  .filter((driver) => driver === 'pglite' || (driver === 'postgres' && serverUrl));
const root = resolve(new URL('..', import.meta.url).pathname);
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

if (!existsSync(join(buildDirectory(), 'server', 'entry.mjs'))) {
  console.error(`bench:long-tail needs a site build in ${buildDirectory()} (npm run build).`);
  process.exit(2);
}

/** The catalogue, imported once, with README archives on the newest PAGES packs; returns the env. */
async function prepare(driver: string): Promise<Record<string, string>> {
  const dataDir = longTailDataDir(root, driver);
  mkdirSync(dataDir, { recursive: true });
  const databaseUrl = driver === 'postgres' ? await longTailDatabaseUrl(serverUrl!) : '';
  const marker = join(dataDir, `prepared-${PAGES}`);
  if (!existsSync(marker)) {
    console.log(`Preparing ${driver}: corpus and ${PAGES} packs with READMEs…`);
    const database = databaseUrl
      ? await openDatabase({ driver: 'postgres', url: databaseUrl })
      : await openDatabase({ driver: 'pglite', dataDir: join(dataDir, 'db') });
    try {
      await importCorpus(database.db, await loadCorpusFile(CORPUS));
      console.log(`  ${await giveReadmes(database.db, dataDir, PAGES)} packs given an archive with a README`);
    } finally {
      await database.close();
    }
    writeFileSync(marker, new Date().toISOString());
  }
  return longTailInstanceEnv(dataDir, databaseUrl);
}

/**
 * Every URL once, pulled from one shared queue by CONNECTIONS connections; req/s over the whole pass.
 * The client is autocannon, as for hello-world, so the two are measured alike (a fetch-based client
 * tops out at ≈ 2,800 req/s on hello-world here, autocannon at ≈ 15,000): each request takes the
 * next path of the queue, so no page is asked twice in a round (a list repeated per connection would).
 * The cached pass goes round several times: autocannon ends a run on its one-second tick, which a
 * single round of cached pages would not fill.
 */
async function drain(urls: string[], rounds = 1, serverPid?: number) {
  const origin = new URL(urls[0]!).origin;
  const paths = urls.map((url) => new URL(url).pathname);
  let next = 0;
  const cpuBefore = serverPid === undefined ? undefined : processCpuSeconds(serverPid);
  const started = performance.now();
  const result = await autocannon({
    url: origin,
    connections: CONNECTIONS,
    amount: paths.length * rounds,
    headers: { 'accept-encoding': 'br, gzip' },
    requests: [{ setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length]! }) }],
  });
  return {
    // Timed here: autocannon's own duration is in whole seconds, too coarse for a pass of a second.
    rps: result.requests.total / ((performance.now() - started) / 1000),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    /** The server's CPU per request, ms: its main thread and the whole process. */
    cpu:
      cpuBefore && serverPid !== undefined
        ? cpuMsPer(cpuBefore, processCpuSeconds(serverPid), result.requests.total)
        : undefined,
  };
}

/**
 * Waits until the instance's job queue is empty: a first start queues work over every archive (the
 * archive recheck, the README backfill) that would otherwise run, and flush the cache, during the passes.
 */
async function jobsSettled(api: string): Promise<void> {
  // Chained jobs queue their next batch only when one ends: the queue must stay empty for a while.
  for (let quiet = 0; quiet < 15;) {
    const text = await (await fetch(`${api}/metrics`)).text();
    const depth = Number(/^nodeyard_job_queue_depth (\d+)/m.exec(text)?.[1] ?? 0);
    quiet = depth === 0 ? quiet + 1 : 0;
    await new Promise((wake) => setTimeout(wake, 1000));
  }
}

function helloWorld(port: number): ChildProcess {
  const code = `require('node:http').createServer((q, s) => { s.writeHead(200, {'content-type': 'text/plain'}); s.end('hello world'); }).listen(${port}, '127.0.0.1', () => console.log('READY'));`;
  return spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
}

async function helloRps(): Promise<number> {
  const port = await freePort();
  const child = helloWorld(port);
  await new Promise<void>((done) => child.stdout!.once('data', () => done()));
  try {
    const result = await autocannon({ url: `http://127.0.0.1:${port}/`, connections: CONNECTIONS, duration: 5 });
    return result.requests.average;
  } finally {
    child.kill();
  }
}

console.log(`bench:long-tail on ${cpus().length} cores, ${CONNECTIONS} clients, load average ${load()}`);
const table: string[] = [];
for (const driver of DRIVERS) {
  const env = await prepare(driver);
  // Node refuses --cpu-prof in NODE_OPTIONS: the profile flags go on the instance's command line.
  const instance = await startInstance(env, 300_000, {
    extraNodeFlags: PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${join(PROFILE_DIR, driver)}`] : [],
  });
  try {
    const ids: string[] = [];
    // Packs without a version (catalogue-only): their pages warm the process and are never measured.
    const others: string[] = [];
    for (let page = 1; ids.length < PAGES || others.length < WARM_PAGES; page++) {
      const body = (await (await fetch(`${instance.apiUrl}/nodes?limit=100&page=${page}`)).json()) as {
        nodes: Array<{ id: string; latest_version?: unknown }>;
      };
      if (body.nodes.length === 0) break;
      for (const node of body.nodes) (node.latest_version ? ids : others).push(node.id);
    }
    const pageUrl = (id: string, i: number) => `${instance.siteUrl}${longTailPagePath(id, i)}`;
    const urls = ids.slice(0, PAGES).map((id, i) => pageUrl(id, i));
    await jobsSettled(instance.apiUrl);
    // Warm the process (JIT, pools, the translator) on pages outside the measured set: the home page,
    // and node pages of other packs in every language, so the cold pass measures a running server's
    // misses, not its first renders (those packs have no version: their README and version parts differ).
    for (const path of ['/en/', '/ja/', '/en/', '/ja/'])
      await (await fetch(`${instance.siteUrl}${path}`)).arrayBuffer();
    const warmUrls = others.slice(0, WARM_PAGES).map((id, i) => pageUrl(id, i));
    if (warmUrls.length > 0) await drain(warmUrls);
    console.log(`${driver}: warmed on ${warmUrls.length} node pages outside the measured set`);
    const pid = instance.process.pid!;
    const hello = await helloRps();
    const cold = await drain(urls, 1, pid);
    const warm = await drain(urls, 10, pid);
    // The workflow resolver's page: no data, not kept by the cache, so every request renders it.
    const floor = await drain(
      urls.map((_, i) => `${instance.siteUrl}/${longTailLanguage(i)}/resolve`),
      1,
      pid,
    );
    const share = (rps: number) => `${((rps / hello) * 100).toFixed(2)} %`;
    console.log(`${driver}: hello-world ${hello.toFixed(0)} req/s; load ${load()}`);
    for (const [pass, result] of [
      ['cold', cold],
      ['again', warm],
      ['floor (/resolve)', floor],
    ] as const) {
      const cpu = result.cpu ? `${result.cpu.main.toFixed(2)} / ${result.cpu.all.toFixed(2)}` : '–';
      const line =
        `| ${driver} | ${pass} | ${urls.length} | ${result.rps.toFixed(0)} | ${share(result.rps)} | ` +
        `${ms(result.p50)} | ${ms(result.p99)} | ${cpu} | ${result.errors} |`;
      console.log(line);
      table.push(line);
    }
  } finally {
    await instance.stop();
  }
}
console.log(
  '\n| driver | pass | pages | req/s | of hello-world | p50 ms | p99 ms | server CPU ms/page (main / process) | errors |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const line of table) console.log(line);
console.log(`load average ${load()} at end`);
