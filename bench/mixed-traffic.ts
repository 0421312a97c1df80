// `npm run bench:mixed`: do cached reads stay fast while the registry is in use? Cached node pages and
// GET /nodes/{id} at 10 connections (autocannon), first quiet, then while other clients post a small
// workflow to POST /workflows/resolve (~3/s), install packs (~20/s) and a publisher edits a pack every
// 5 s; beside a bare node:http hello-world driven the same way in the same run, on PGlite and (with
// DATABASE_URL or TEST_DATABASE_URL) PostgreSQL. Prints req/s, p50/p99, the share of hello-world, the
// mixed/quiet ratio (goal ≥ 80 %) and what the response cache did. Real corpus (bench/lib/corpus-instance.ts).
// Knobs: BENCH_SECONDS (10 per run), BENCH_CONNECTIONS (10), BENCH_DRIVERS (pglite,postgres).
// Pages need a site build (npm run build, or NODEYARD_BUILD_DIR); they are skipped without one.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { signUp } from '#test/firebase-emulator.ts';
import { comfyCliPublishBody } from '#test/publish.ts';
import { buildZip, samplePackFiles } from '#test/zip.ts';
import { benchDrivers, startCorpusInstance, withSite } from './lib/corpus-instance.ts';
import { freePort, type InstanceProcess } from './lib/instance-process.ts';

const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 10);
const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 10);
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

/** Fires `run` `perSecond` times a second until stopped; counts answers by status. */
function every(perSecond: number, run: () => Promise<Response>) {
  const statuses = new Map<number, number>();
  let failures = 0;
  const timer = setInterval(() => {
    run()
      .then(async (response) => {
        await response.arrayBuffer();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      })
      .catch(() => failures++);
  }, 1000 / perSecond);
  return {
    stop() {
      clearInterval(timer);
      return { statuses: Object.fromEntries(statuses), failures };
    },
  };
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
      const workflow = JSON.stringify({
        nodes: [
          { id: 1, type: 'KSampler' },
          { id: 2, type: 'CheckpointLoaderSimple' },
          { id: 3, type: 'SomeCustomUpscaler' },
        ],
      });
      const rows: Array<{ quiet: Measured; mixed: Measured }> = [];
      const helloQuiet = await drive('hello-world (node:http)', [hello.url]);
      const quiet = [];
      for (const { route, urls } of reads) quiet.push(await drive(route, urls));
      const before = await cacheStats(instance);
      // The other clients: resolver, installs, and a publisher's edit every 5 s.
      let edits = 0;
      const resolver = every(3, () =>
        fetch(`${instance.apiUrl}/workflows/resolve`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: workflow,
        }),
      );
      const installs = every(20, () => fetch(`${instance.apiUrl}/nodes/${packId}/install`));
      const editor = every(0.2, () =>
        fetch(`${instance.apiUrl}/publishers/${publisherId}/nodes/${packId}`, {
          method: 'PUT',
          headers: auth,
          body: JSON.stringify({ name: `Edited ${++edits}` }),
        }),
      );
      const mixed = [];
      for (const { route, urls } of reads) mixed.push(await drive(route, urls));
      const helloMixed = await drive('hello-world (node:http)', [hello.url]);
      const background = { resolve: resolver.stop(), install: installs.stop(), edit: editor.stop() };
      const after = await cacheStats(instance);
      for (const [i, row] of quiet.entries()) rows.push({ quiet: row, mixed: mixed[i]! });

      console.log(
        `\n${driver} (load average ${load()}): hello-world ${helloQuiet.rps.toFixed(0)} req/s quiet, ${helloMixed.rps.toFixed(0)} during the mixed runs`,
      );
      console.log(
        `${'route'.padEnd(22)} ${'quiet req/s'.padStart(11)} ${'p50'.padStart(9)} ${'p99'.padStart(9)} ${'share'.padStart(7)}  ${'mixed req/s'.padStart(11)} ${'p50'.padStart(9)} ${'p99'.padStart(9)} ${'share'.padStart(7)} ${'mixed/quiet'.padStart(11)} errors`,
      );
      for (const { quiet: q, mixed: m } of rows) {
        const share = (row: Measured, base: Measured) => `${((100 * row.rps) / base.rps).toFixed(1)} %`.padStart(7);
        console.log(
          `${q.route.padEnd(22)} ${q.rps.toFixed(0).padStart(11)} ${ms(q.p50)} ${ms(q.p99)} ${share(q, helloQuiet)}  ` +
            `${m.rps.toFixed(0).padStart(11)} ${ms(m.p50)} ${ms(m.p99)} ${share(m, helloMixed)} ${`${((100 * m.rps) / q.rps).toFixed(1)} %`.padStart(11)} ${q.errors}/${m.errors}`,
        );
      }
      console.log(`background answers by status: ${JSON.stringify(background)}`);
      console.log(
        `response cache during the mixed runs: ${(after['hits_total'] ?? 0) - (before['hits_total'] ?? 0)} hits, ` +
          `${(after['misses_total'] ?? 0) - (before['misses_total'] ?? 0)} renders, ` +
          `${(after['invalidations_total'] ?? 0) - (before['invalidations_total'] ?? 0)} feed batches applied, ` +
          `${(after['purged_total'] ?? 0) - (before['purged_total'] ?? 0)} entries purged; ${after['entries']} entries, ` +
          `${((after['bytes'] ?? 0) / 1024 / 1024).toFixed(2)} MiB`,
      );
    } finally {
      await instance.stop();
    }
  }
} finally {
  hello.stop();
}
console.log(`load average at the end: ${load()}`);
