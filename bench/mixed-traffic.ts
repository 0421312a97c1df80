// `npm run bench:mixed`: do cached reads stay fast while the registry is in use? Cached node pages and
// GET /nodes/{id} at 10 connections (autocannon), first quiet, then while other clients post a small
// workflow to POST /workflows/resolve (~3/s), install packs (~20/s) and a publisher edits a pack every
// 5 s; beside a bare node:http hello-world driven the same way in the same run, on PGlite and (with
// DATABASE_URL or TEST_DATABASE_URL) PostgreSQL. Prints req/s, p50/p99, the share of hello-world, the
// mixed/quiet ratio (goal ≥ 80 %) and what the response cache did. Real corpus (bench/lib/corpus-instance.ts).
// Quiet and mixed phases alternate BENCH_ROUNDS times (medians printed); the other clients run on a worker
// thread (bench/lib/background-traffic.ts), not on the load generator's event loop.
// Knobs: BENCH_SECONDS (10 per run), BENCH_CONNECTIONS (10), BENCH_ROUNDS (3), BENCH_DRIVERS (pglite,postgres).
// Pages need a site build (npm run build, or NODEYARD_BUILD_DIR); they are skipped without one.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';
import { signUp } from '#test/firebase-emulator.ts';
import { comfyCliPublishBody } from '#test/publish.ts';
import { buildZip, samplePackFiles } from '#test/zip.ts';
import type { BackgroundReport, BackgroundSetup } from './lib/background-traffic.ts';
import { benchDrivers, startCorpusInstance, withSite } from './lib/corpus-instance.ts';
import { freePort, type InstanceProcess } from './lib/instance-process.ts';

const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 10);
const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 10);
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 3);
// Uncompressed, like bench:throughput: autocannon's decoding of changing binary bodies would be the bottleneck.
const HEADERS = { 'accept-encoding': 'identity' };
const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

interface Measured {
  route: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function drive(route: string, urls: string[]): Promise<Measured> {
  for (const url of urls) await fetch(url, { headers: HEADERS }).then((r) => r.arrayBuffer());
  const result = await autocannon({
    url: urls[0]!,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: HEADERS,
    requests: urls.map((url) => ({ path: url.slice(new URL(url).origin.length) })),
  });
  const errors = result.errors + result.timeouts + result.non2xx;
  return { route, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors };
}

async function startHello(): Promise<{ url: string; stop(): void }> {
  const port = await freePort();
  const code = `require('node:http').createServer((q, s) => { s.writeHead(200, {'content-type': 'text/plain'}); s.end('hello world'); }).listen(${port}, '127.0.0.1', () => console.log('READY'));`;
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((done) => child.stdout.once('data', () => done()));
  return { url: `http://127.0.0.1:${port}/`, stop: () => child.kill() };
}

async function json<T>(response: Response, what: string): Promise<T> {
  if (!response.ok) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A signed-up publisher with one pack that has an Active version (to install and to edit). */
async function publisherWithPack(instance: InstanceProcess) {
  const api = instance.apiUrl;
  const owner = await signUp({ emailVerified: true });
  const auth = { authorization: `Bearer ${owner.idToken}`, 'content-type': 'application/json' };
  const publisherId = `mixed-${Date.now().toString(36)}`;
  const packId = `${publisherId}-pack`;
  await json(
    await fetch(`${api}/publishers`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ id: publisherId, name: 'Mixed' }),
    }),
    'publisher',
  );
  const { token } = await json<{ token: string }>(
    await fetch(`${api}/publishers/${publisherId}/tokens`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ name: 'bench' }),
    }),
    'token',
  );
  const published = await json<{ signedUrl: string }>(
    await fetch(`${api}/publishers/${publisherId}/nodes/${packId}/versions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(comfyCliPublishBody(token, packId, '1.0.0')),
    }),
    'publish',
  );
  const uploaded = await fetch(published.signedUrl, {
    method: 'PUT',
    headers: { 'content-type': 'application/zip' },
    body: buildZip(samplePackFiles(packId)),
  });
  if (!uploaded.ok) throw new Error(`upload: ${uploaded.status}`);
  // The scan job activates the version; installs need it.
  const deadline = Date.now() + 60_000;
  while ((await fetch(`${api}/nodes/${packId}/install`)).status !== 200) {
    if (Date.now() > deadline) throw new Error('the published version never became installable');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { publisherId, packId, auth };
}

async function cacheStats(instance: InstanceProcess): Promise<Record<string, number>> {
  const text = await (await fetch(`${instance.apiUrl}/metrics`)).text();
  const stats: Record<string, number> = {};
  for (const match of text.matchAll(/^nodeyard_response_cache_(\w+) (\d+)/gm)) stats[match[1]!] = Number(match[2]);
  return stats;
}

const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(9);

console.log(
  `bench:mixed — ${CONNECTIONS} connections, ${SECONDS} s per run, ${withSite ? 'site build found' : 'no site build: pages skipped'}; ` +
    `load average ${load()} on ${cpus().length} cores (a shared machine: loaded numbers).`,
);
const hello = await startHello();
try {
  for (const driver of benchDrivers()) {
    const instance = await startCorpusInstance('mixed', driver);
    try {
      const list = await json<{ nodes: Array<{ id: string }> }>(
        await fetch(`${instance.apiUrl}/nodes?limit=20`),
        'list',
      );
      const ids = list.nodes.map((node) => encodeURIComponent(node.id));
      const { publisherId, packId, auth } = await publisherWithPack(instance);
      const reads = [
        ...(withSite
          ? [{ route: 'page /en/nodes/{id}', urls: ids.map((id) => `${instance.siteUrl}/en/nodes/${id}`) }]
          : []),
        { route: 'GET /nodes/{id}', urls: ids.map((id) => `${instance.apiUrl}/nodes/${id}`) },
      ];
      // Quiet and mixed phases alternate, BENCH_ROUNDS times, and each figure is the median of its
      // rounds: on a shared 2-core machine a single 10-second sample drifts with whatever else runs.
      const background = new Worker(new URL('./lib/background-traffic.ts', import.meta.url), {
        workerData: { apiUrl: instance.apiUrl, publisherId, packId, auth } satisfies BackgroundSetup,
      });
      const ask = <T>(message: 'start' | 'stop') =>
        new Promise<T>((resolve) => {
          background.once('message', resolve);
          background.postMessage(message);
        });
      // Per round and phase: the hello-world, then each read in `reads` order.
      type Phase = { hello: Measured; reads: Measured[] };
      const runs: Array<{ quiet: Phase; mixed: Phase }> = [];
      const reports: BackgroundReport[] = [];
      const drivePhase = async (): Promise<Phase> => {
        const helloRun = await drive('hello-world (node:http)', [hello.url]);
        const measured: Measured[] = [];
        for (const { route, urls } of reads) measured.push(await drive(route, urls));
        return { hello: helloRun, reads: measured };
      };
      const cache = { hits_total: 0, misses_total: 0, invalidations_total: 0, purged_total: 0 };
      try {
        for (let round = 0; round < ROUNDS; round++) {
          const quiet = await drivePhase();
          const before = await cacheStats(instance);
          await ask('start');
          const mixed = await drivePhase();
          reports.push(await ask<BackgroundReport>('stop'));
          const after = await cacheStats(instance);
          for (const name of Object.keys(cache) as Array<keyof typeof cache>)
            cache[name] += (after[name] ?? 0) - (before[name] ?? 0);
          runs.push({ quiet, mixed });
        }
      } finally {
        await background.terminate();
      }
      const entries = await cacheStats(instance);
      const median = (pick: (run: (typeof runs)[number]) => Measured): Measured => {
        const sorted = runs.map(pick).sort((x, y) => x.rps - y.rps);
        return sorted[Math.floor((sorted.length - 1) / 2)]!;
      };
      const helloQuiet = median((run) => run.quiet.hello);
      const helloMixed = median((run) => run.mixed.hello);

      console.log(
        `\n${driver} (load average ${load()}; medians of ${ROUNDS} alternated rounds): hello-world ${helloQuiet.rps.toFixed(0)} req/s quiet, ${helloMixed.rps.toFixed(0)} during the mixed runs`,
      );
      console.log(
        `${'route'.padEnd(22)} ${'quiet req/s'.padStart(11)} ${'p50'.padStart(9)} ${'p99'.padStart(9)} ${'share'.padStart(7)}  ${'mixed req/s'.padStart(11)} ${'p50'.padStart(9)} ${'p99'.padStart(9)} ${'share'.padStart(7)} ${'mixed/quiet'.padStart(11)} errors  mixed/quiet each round`,
      );
      for (const [i, { route }] of reads.entries()) {
        const q = median((run) => run.quiet.reads[i]!);
        const m = median((run) => run.mixed.reads[i]!);
        const share = (row: Measured, base: Measured) => `${((100 * row.rps) / base.rps).toFixed(1)} %`.padStart(7);
        const errors = (phase: 'quiet' | 'mixed') => runs.reduce((sum, run) => sum + run[phase].reads[i]!.errors, 0);
        const each = runs.map((run) => `${((100 * run.mixed.reads[i]!.rps) / run.quiet.reads[i]!.rps).toFixed(0)} %`);
        console.log(
          `${route.padEnd(22)} ${q.rps.toFixed(0).padStart(11)} ${ms(q.p50)} ${ms(q.p99)} ${share(q, helloQuiet)}  ` +
            `${m.rps.toFixed(0).padStart(11)} ${ms(m.p50)} ${ms(m.p99)} ${share(m, helloMixed)} ${`${((100 * m.rps) / q.rps).toFixed(1)} %`.padStart(11)} ${errors('quiet')}/${errors('mixed')}  ${each.join(', ')}`,
        );
      }
      console.log(
        `background answers by status, each round: ${reports.map((report) => JSON.stringify(report)).join(' ')}`,
      );
      console.log(
        `response cache during the mixed runs: ${cache.hits_total} hits, ${cache.misses_total} renders, ` +
          `${cache.invalidations_total} feed batches applied, ${cache.purged_total} entries purged; ` +
          `${entries['entries']} entries, ${((entries['bytes'] ?? 0) / 1024 / 1024).toFixed(2)} MiB`,
      );
    } finally {
      await instance.stop();
    }
  }
} finally {
  hello.stop();
}
console.log(`load average at the end: ${load()}`);
