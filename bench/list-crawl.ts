// `npm run bench:crawl`: a ComfyUI-Manager-style full crawl of GET /nodes (30 per page, page=1..last,
// one request at a time) at 1× and 10× the corpus on PostgreSQL, the cost of a first, middle and last
// page, and then an idle instance: /healthz latency sampled every 50 ms (event-loop stalls show up
// there) and the instance's CPU use while nothing happens. A benchmark: prints numbers, no assertions.
//
// Needs DATABASE_URL (or TEST_DATABASE_URL) of a PostgreSQL server; the bench creates and keeps its own
// databases beside it (nodeyard_crawl_x1, nodeyard_crawl_x10), importing the scaled corpus once.
// Knobs: BENCH_SCALES (1,10), BENCH_IDLE_SECONDS (130: two periodic refreshes), BENCH_CORPUS, BENCH_CPU_PROFILE
// (a directory: the instance writes a V8 CPU profile there when it stops).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { countRows, databaseFor } from './lib/bench-databases.ts';
import { startInstance } from './lib/instance-process.ts';
import { DEFAULT_CORPUS, scaledCorpusFile } from './lib/scaled-corpus.ts';
import { ms, percentiles } from './lib/search-stats.ts';

const serverUrl = process.env['DATABASE_URL'] ?? process.env['TEST_DATABASE_URL'];
if (!serverUrl) {
  console.error(
    'bench:crawl needs DATABASE_URL or TEST_DATABASE_URL (a PostgreSQL server; it makes its own databases).',
  );
  process.exit(2);
}
const SCALES = (process.env['BENCH_SCALES'] ?? '1,10').split(',').map(Number);
const IDLE_SECONDS = Number(process.env['BENCH_IDLE_SECONDS'] ?? 130);
const CORPUS = process.env['BENCH_CORPUS'] ?? DEFAULT_CORPUS;
const PAGE_SIZE = 30;
const PROFILE_DIR = process.env['BENCH_CPU_PROFILE'];
const root = resolve(new URL('..', import.meta.url).pathname);
const dataDir = join(root, '.bench-data');
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

function runImport(file: string, databaseUrl: string): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [join(root, 'scripts/import-corpus.ts'), file], {
      env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.once('exit', (code) => (code === 0 ? done() : fail(new Error(`import exited with ${code}`))));
  });
}

/** CPU seconds (user + system) the process has used so far, from /proc (Linux). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of stat; after "pid (comm) " they sit at 11 and 12, in clock ticks.
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Resident memory of a process in MB, from /proc (Linux). */
function rssMb(pid: number): number {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
}

let retried = 0;

/**
 * fetch, tried once more when the connection itself fails: on this loaded machine a kept-alive socket
 * is now and then reset by the server just as a request goes out (counted and printed, never hidden).
 */
async function get(url: string, headers: Record<string, string> = {}): Promise<Response> {
  try {
    return await fetch(url, { headers });
  } catch {
    retried++;
    return fetch(url, { headers });
  }
}

const UNCACHED = { cookie: 'bench=uncached' };

async function timed(url: string, headers: Record<string, string> = {}): Promise<number> {
  const started = performance.now();
  const response = await get(url, headers);
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
  return performance.now() - started;
}

async function pageCost(api: string, page: number): Promise<string> {
  const samples: number[] = [];
  // A cookie marks the request personal, so the response cache stays out of it: the cost of the page itself.
  for (let i = 0; i < 15; i++) samples.push(await timed(`${api}/nodes?page=${page}&limit=${PAGE_SIZE}`, UNCACHED));
  return ms(percentiles(samples).p50);
}

async function crawl(
  api: string,
  maxPages = Number.POSITIVE_INFINITY,
): Promise<{ seconds: number; pages: number; total: number; seen: number }> {
  const started = performance.now();
  const seen = new Set<string>();
  const last = { totalPages: 1, total: 0 };
  // As the Manager does: ask page after page until the answer's totalPages.
  for (let page = 1; page <= last.totalPages && page <= maxPages; page++) {
    const response = await get(`${api}/nodes?page=${page}&limit=${PAGE_SIZE}`);
    const body = (await response.json()) as { nodes: Array<{ id: string }>; totalPages: number; total: number };
    for (const node of body.nodes) seen.add(node.id);
    Object.assign(last, { totalPages: body.totalPages, total: body.total });
  }
  return { seconds: (performance.now() - started) / 1000, pages: last.totalPages, total: last.total, seen: seen.size };
}

async function idle(api: string, pid: number) {
  const samples: number[] = [];
  const cpuBefore = cpuSeconds(pid);
  const until = performance.now() + IDLE_SECONDS * 1000;
  while (performance.now() < until) {
    samples.push(await timed(`${api}/healthz`));
    await new Promise((wake) => setTimeout(wake, 50));
  }
  const cpu = cpuSeconds(pid) - cpuBefore;
  return { ...percentiles(samples), over100: samples.filter((s) => s > 100).length, cpuShare: cpu / IDLE_SECONDS };
}

console.log(`bench:crawl on ${cpus().length} cores, load average ${load()} at start`);
const rows: string[] = [];
for (const scale of SCALES) {
  const databaseUrl = await databaseFor(serverUrl, `nodeyard_crawl_x${scale}`);
  const file = scaledCorpusFile(scale, dataDir, CORPUS);
  const expected = JSON.parse(readFileSync(file, 'utf8')).nodes.length as number;
  if ((await countRows(databaseUrl, 'nodes')) < expected) {
    console.log(`Importing ${expected} packs (×${scale}) into nodeyard_crawl_x${scale}…`);
    await runImport(file, databaseUrl);
  }
  const instance = await startInstance(
    {
      DATABASE_URL: databaseUrl,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'nodeyard-crawl-')),
      STORAGE_SIGNING_SECRET: 'crawl-bench-signing-secret-0123456789abcdef',
      RATE_LIMIT_ENABLED: 'false',
    },
    300_000,
    { extraNodeFlags: PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${join(PROFILE_DIR, `x${scale}`)}`] : [] },
  );
  try {
    const api = instance.apiUrl;
    await crawl(api, 20); // warm-up: JIT, pools, first queries
    const run = await crawl(api);
    const crawledRss = rssMb(instance.process.pid!);
    const mid = Math.ceil(run.pages / 2);
    const [first, middle, last] = [await pageCost(api, 1), await pageCost(api, mid), await pageCost(api, run.pages)];
    console.log(
      `×${scale}: ${run.total} packs, ${run.pages} pages: crawl ${run.seconds.toFixed(2)} s ` +
        `(${run.seen} distinct ids), page p50 first ${first} ms / middle ${middle} ms / last ${last} ms; ` +
        `RSS ${crawledRss.toFixed(0)} MB; load ${load()}`,
    );
    console.log(`×${scale}: idle for ${IDLE_SECONDS} s, sampling /healthz every 50 ms…`);
    const quiet = await idle(api, instance.process.pid!);
    console.log(
      `×${scale}: idle /healthz p50 ${ms(quiet.p50)} ms, p99 ${ms(quiet.p99)} ms, max ${ms(quiet.max)} ms, ` +
        `${quiet.over100} samples over 100 ms; CPU ${(quiet.cpuShare * 100).toFixed(1)} % of a core; ` +
        `RSS ${rssMb(instance.process.pid!).toFixed(0)} MB; load ${load()}`,
    );
    rows.push(
      `| ×${scale} | ${run.total} | ${run.seconds.toFixed(2)} s | ${first} / ${middle} / ${last} ms | ` +
        `${ms(quiet.p99)} ms (max ${ms(quiet.max)}) | ${(quiet.cpuShare * 100).toFixed(1)} % | ${crawledRss.toFixed(0)} MB |`,
    );
  } catch (error) {
    console.error(`×${scale} failed; the instance printed:\n${instance.output().slice(-4000)}`);
    throw error;
  } finally {
    await instance.stop();
  }
}
console.log(
  '\n| scale | packs | crawl (30/page) | page p50 first/middle/last | idle /healthz p99 | idle CPU | RSS after the crawl |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- |');
for (const row of rows) console.log(row);
console.log(`load average ${load()} at end; ${retried} requests retried after a reset connection`);
