// `npm run bench:cold-pair -- <build A> <build B>`: what a change does to a cold node page's CPU, on a
// machine too noisy for two separate runs to tell (here, one build measured 6.1–10.1 ms a page in
// consecutive runs). Two instances, one per site build (`NODEYARD_BUILD_DIR=<dir> npm run build`), run
// side by side on copies of the same data; every cold page is asked of both at the same moment (5
// clients each), so whatever else the machine does falls on both alike. Prints each instance's CPU per
// page (its main thread, and the whole process) from /proc. Each round runs the pair in both orders:
// the instance started second measured 0.3–0.8 ms a page less here whichever build it ran.
//
// Data: the long-tail benchmark's (run `npm run bench:long-tail` once to prepare it), on PGlite (each
// instance on its own copy) or PostgreSQL (BENCH_DRIVER=postgres with TEST_DATABASE_URL or
// DATABASE_URL). Knobs: BENCH_PAGES (720), BENCH_ROUNDS (2), BENCH_MISSING=1 (pages of packs that do not
// exist: the 404 page reached through the node page). A benchmark: no assertions. Linux only.
import { cpSync, existsSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { longTailDatabaseUrl, longTailDataDir, longTailInstanceEnv, longTailPagePath } from './lib/long-tail-data.ts';
import { startInstance, type InstanceProcess } from './lib/instance-process.ts';
import { cpuMsPer, processCpuSeconds } from './lib/process-cpu.ts';

const PAGES = Number(process.env['BENCH_PAGES'] ?? 720);
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 2);
const DRIVER = process.env['BENCH_DRIVER'] === 'postgres' ? 'postgres' : 'pglite';
/** BENCH_MISSING=1: pages of packs that do not exist (the node page's rewrite to the 404 page) instead. */
const MISSING = process.env['BENCH_MISSING'] === '1';
const CLIENTS = 5;
const WARM_PAGES = 200;
const root = resolve(new URL('..', import.meta.url).pathname);
const builds = process.argv.slice(2);
const prepared = longTailDataDir(root, DRIVER);
const serverUrl = process.env['DATABASE_URL'] ?? process.env['TEST_DATABASE_URL'];

if (builds.length !== 2 || builds.some((dir) => !existsSync(join(dir, 'server', 'entry.mjs')))) {
  console.error('usage: npm run bench:cold-pair -- <build dir A> <build dir B> (each inside the repository)');
  process.exit(2);
}
if (!existsSync(join(prepared, `prepared-${PAGES}`)) || (DRIVER === 'postgres' && !serverUrl)) {
  console.error(`bench:cold-pair needs the long-tail data (${prepared}): run npm run bench:long-tail first.`);
  process.exit(2);
}

async function start(build: string, slot: number): Promise<InstanceProcess> {
  let dataDir = prepared;
  if (DRIVER === 'pglite') {
    // PGlite holds its data directory alone: each instance gets a fresh copy of the prepared one.
    dataDir = join(root, '.bench-data', `cold-pair-${slot}`);
    rmSync(dataDir, { recursive: true, force: true });
    cpSync(prepared, dataDir, { recursive: true });
  }
  return startInstance(
    {
      ...longTailInstanceEnv(dataDir, DRIVER === 'postgres' ? await longTailDatabaseUrl(serverUrl!) : ''),
      NODEYARD_BUILD_DIR: build,
    },
    300_000,
  );
}

/** Node ids with a version (measured) and without (warming only), from the first instance's API. */
async function packIds(apiUrl: string): Promise<{ measured: string[]; warming: string[] }> {
  const measured: string[] = [];
  const warming: string[] = [];
  for (let page = 1; measured.length < PAGES || warming.length < WARM_PAGES; page++) {
    const response = await fetch(`${apiUrl}/nodes?limit=100&page=${page}`);
    const body = (await response.json()) as { nodes: Array<{ id: string; latest_version?: unknown }> };
    if (body.nodes.length === 0) break;
    for (const node of body.nodes) (node.latest_version ? measured : warming).push(node.id);
  }
  return { measured: measured.slice(0, PAGES), warming: warming.slice(0, WARM_PAGES) };
}

/** Waits until both instances' job queues stayed empty for a few seconds (start-up backfills). */
async function settled(instances: InstanceProcess[]): Promise<void> {
  for (let quiet = 0; quiet < 5;) {
    const depths = await Promise.all(
      instances.map(async (instance) => {
        const text = await (await fetch(`${instance.apiUrl}/metrics`)).text();
        return Number(/^nodeyard_job_queue_depth (\d+)/m.exec(text)?.[1] ?? 0);
      }),
    );
    quiet = depths.every((depth) => depth === 0) ? quiet + 1 : 0;
    await new Promise((wake) => setTimeout(wake, 1000));
  }
}

/** Every path asked of every instance at the same moment, CLIENTS at a time. */
async function askBoth(instances: InstanceProcess[], paths: string[], status = 200): Promise<void> {
  let next = 0;
  const ask = async (url: string) => {
    const response = await fetch(url, { headers: { 'accept-encoding': 'br, gzip' } });
    await response.arrayBuffer();
    if (response.status !== status) throw new Error(`${response.status} for ${url}`);
  };
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < paths.length) {
        const path = paths[next++]!;
        await Promise.all(instances.map((instance) => ask(instance.siteUrl + path)));
      }
    }),
  );
}

const perPage: Record<string, { main: number[]; all: number[] }> = {};
console.log(
  `bench:cold-pair on ${DRIVER}, ${PAGES} ${MISSING ? "missing packs' pages" : 'cold node pages'}, ${ROUNDS} round(s) in both orders`,
);
for (let round = 0; round < ROUNDS; round++) {
  for (const order of [builds, [...builds].reverse()]) {
    const instances: InstanceProcess[] = [];
    try {
      for (const [slot, build] of order.entries()) instances.push(await start(build, slot));
      const { measured, warming } = await packIds(instances[0]!.apiUrl);
      await settled(instances);
      // Warm both (JIT, pools, the translator) on pages outside the measured set.
      await askBoth(instances, warming.map(longTailPagePath));
      const before = instances.map((instance) => processCpuSeconds(instance.process.pid!));
      const asked = MISSING ? measured.map((_, i) => `no-such-pack-${i}`) : measured;
      await askBoth(instances, asked.map(longTailPagePath), MISSING ? 404 : 200);
      const after = instances.map((instance) => processCpuSeconds(instance.process.pid!));
      const line = order.map((build, k) => {
        const { main, all } = cpuMsPer(before[k]!, after[k]!, measured.length);
        (perPage[build] ??= { main: [], all: [] }).main.push(main);
        perPage[build]!.all.push(all);
        return `${build}: main ${main.toFixed(2)} ms, process ${all.toFixed(2)} ms`;
      });
      console.log(`round ${round + 1}, ${order[0]} first | ${line.join(' | ')}`);
    } finally {
      for (const instance of instances) await instance.stop();
    }
  }
}
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
console.log('\n| build | main thread ms/page (each run) | mean | process ms/page (mean) |');
console.log('| --- | --- | --- | --- |');
for (const build of builds) {
  const { main, all } = perPage[build]!;
  console.log(
    `| ${build} | ${main.map((value) => value.toFixed(2)).join(', ')} | ${mean(main).toFixed(2)} | ${mean(all).toFixed(2)} |`,
  );
}
