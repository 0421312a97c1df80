// `npm run bench:load`: 60 s of mixed traffic at 50 connections against one instance on PostgreSQL —
// pages, API reads, searches, installs and publishes (with uploads) — then throughput, errors and
// p50/p99 per route. Needs DATABASE_URL pointing at an EMPTY database it may fill (demo packs are
// seeded) and a site build for the page routes (`npm run build`; pages are skipped without one).
// Knobs: LOAD_SECONDS (60), LOAD_CONNECTIONS (50). Rate limits are off for the run (one client IP).
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildDirectory } from '../src/server/build-directory.ts';
import { seededRandom } from '../src/server/seed/prng.ts';
import { buildZip, samplePackFiles } from '#test/zip.ts';
import { comfyCliPublishBody } from '#test/publish.ts';
import { createBenchPublisher } from './lib/bench-publisher.ts';
import { startInstance } from './lib/instance-process.ts';
import { percentile } from './lib/load.ts';

const SECONDS = Number(process.env['LOAD_SECONDS'] ?? 60);
const CONNECTIONS = Number(process.env['LOAD_CONNECTIONS'] ?? 50);
const databaseUrl = process.env['DATABASE_URL'];
if (!databaseUrl) {
  console.error('bench:load needs DATABASE_URL (an empty PostgreSQL database it may fill).');
  process.exit(2);
}
const withSite = existsSync(join(buildDirectory(), 'server', 'entry.mjs'));
const rng = seededRandom(7);
const WORDS = ['upscale', 'upscle', 'mask', 'video', 'vidoe', 'face', 'lora', 'depth', 'prompt', 'tile', 'audio'];

const instance = await startInstance(
  {
    DATABASE_URL: databaseUrl,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'nodeyard-load-')),
    STORAGE_SIGNING_SECRET: 'load-bench-signing-secret-0123456789abcdef',
    SEED_DEMO_DATA: 'true',
    RATE_LIMIT_ENABLED: 'false',
    NODEYARD_INSTANCE_SITE: String(withSite),
  },
  180_000,
);
const api = instance.apiUrl;
const site = instance.siteUrl;
const ownPublisher = `load-${Date.now().toString(36)}`;
const { token } = await createBenchPublisher(databaseUrl, ownPublisher);
const nodeList = (await (await fetch(`${api}/nodes?limit=100`)).json()) as {
  nodes: Array<{ id: string; publisher?: { id: string } }>;
};
const nodeIds = nodeList.nodes.map((n) => n.id);
console.log(
  `Instance up (${withSite ? 'site + API' : 'API only: no site build'}), ${nodeIds.length} packs; ` +
    `${CONNECTIONS} connections for ${SECONDS} s…`,
);

type Op = { route: string; run: () => Promise<Response> };
let publishCounter = 0;
const zip = buildZip(samplePackFiles('load-pack'));

async function publish(): Promise<Response> {
  const n = publishCounter++;
  const nodeId = `${ownPublisher}-pack-${n % 20}`;
  const body = comfyCliPublishBody(token, nodeId, `1.${Math.floor(n / 20)}.${n % 20}`);
  const published = await fetch(`${api}/publishers/${ownPublisher}/nodes/${nodeId}/versions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (published.status !== 201) return published;
  const { signedUrl } = (await published.json()) as { signedUrl: string };
  return fetch(signedUrl, { method: 'PUT', headers: { 'content-type': 'application/zip' }, body: zip });
}

function nextOp(): Op {
  const roll = rng.next();
  const id = rng.pick(nodeIds);
  if (withSite && roll < 0.2) return { route: 'page /en/nodes/:id', run: () => fetch(`${site}/en/nodes/${id}`) };
  if (withSite && roll < 0.3) return { route: 'page /en/?q=', run: () => fetch(`${site}/en/?q=${rng.pick(WORDS)}`) };
  if (roll < 0.45) return { route: 'GET /nodes', run: () => fetch(`${api}/nodes?page=${rng.int(1, 3)}&limit=30`) };
  if (roll < 0.55) return { route: 'GET /nodes/:id', run: () => fetch(`${api}/nodes/${id}`) };
  if (roll < 0.75) {
    const q = `${rng.pick(WORDS)}${rng.int(0, 1) ? ` ${rng.pick(WORDS)}` : ''}`;
    return { route: 'GET /nodes/search', run: () => fetch(`${api}/nodes/search?search=${encodeURIComponent(q)}`) };
  }
  if (roll < 0.92) return { route: 'GET /nodes/:id/install', run: () => fetch(`${api}/nodes/${id}/install`) };
  return { route: 'publish + upload', run: publish };
}

interface RouteStats {
  latencies: number[];
  errors: number;
  statuses: Map<number, number>;
}
const stats = new Map<string, RouteStats>();
const deadline = performance.now() + SECONDS * 1000;
const started = performance.now();
async function connection(): Promise<void> {
  while (performance.now() < deadline) {
    const op = nextOp();
    const entry: RouteStats = stats.get(op.route) ?? { latencies: [], errors: 0, statuses: new Map<number, number>() };
    stats.set(op.route, entry);
    const t0 = performance.now();
    try {
      const response = await op.run();
      await response.arrayBuffer();
      entry.statuses.set(response.status, (entry.statuses.get(response.status) ?? 0) + 1);
      if (response.status >= 400) entry.errors++;
    } catch {
      entry.errors++;
    }
    entry.latencies.push(performance.now() - t0);
  }
}
await Promise.all(Array.from({ length: CONNECTIONS }, connection));
const elapsed = (performance.now() - started) / 1000;
await instance.stop();

let total = 0;
let errors = 0;
console.log(
  `\n${'route'.padEnd(24)} ${'requests'.padStart(9)} ${'errors'.padStart(7)} ${'req/s'.padStart(7)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}`,
);
for (const [route, entry] of [...stats].sort()) {
  const sorted = [...entry.latencies].sort((x, y) => x - y);
  total += sorted.length;
  errors += entry.errors;
  console.log(
    `${route.padEnd(24)} ${String(sorted.length).padStart(9)} ${String(entry.errors).padStart(7)} ` +
      `${(sorted.length / elapsed).toFixed(1).padStart(7)} ${percentile(sorted, 50).toFixed(1).padStart(8)} ` +
      `${percentile(sorted, 99).toFixed(1).padStart(8)}` +
      (entry.errors ? `   statuses ${JSON.stringify(Object.fromEntries(entry.statuses))}` : ''),
  );
}
console.log(
  `\nTotal: ${total} requests in ${elapsed.toFixed(1)} s = ${(total / elapsed).toFixed(0)} req/s, ${errors} errors.`,
);
process.exit(errors === 0 ? 0 : 1);
