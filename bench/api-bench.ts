// `npm run bench:api`: read throughput and latency of the API the way clients hit it. Loads the real
// corpus (../shared/data/comfy-node-corpus.json or NODEYARD_CORPUS) or, without it, synthetic packs;
// adds the demo packs (real archives, so /install has something to hand out); then measures each
// endpoint at a fixed concurrency and times a full ComfyUI-Manager-style sync. A benchmark: no
// assertions. Knobs: BENCH_REQUESTS (2000), BENCH_CONCURRENCY (8), BENCH_SYNTHETIC_NODES (5000).
import { eq, isNotNull } from 'drizzle-orm';
import { existsSync } from 'node:fs';
import { nodes } from '../src/server/db/schema/index.ts';
import { seedDemoData } from '../src/server/seed/seed-demo.ts';
import { seededRandom } from '../src/server/seed/prng.ts';
import { importCorpus } from '../src/server/services/import/import-corpus.ts';
import { corpusPath, loadBenchCorpus } from './lib/bench-corpus.ts';
import { startBenchServer } from './lib/bench-server.ts';
import { formatTable, runLoad, type LoadResult } from './lib/load.ts';

const REQUESTS = Number(process.env['BENCH_REQUESTS'] ?? 2000);
const CONCURRENCY = Number(process.env['BENCH_CONCURRENCY'] ?? 8);
const SYNTHETIC = Number(process.env['BENCH_SYNTHETIC_NODES'] ?? 5000);
const PAGE_SIZE = 30;

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
  return (await response.json()) as T;
}

const server = await startBenchServer();
try {
  const { db } = server.services;
  const started = performance.now();
  const corpus = await loadBenchCorpus(SYNTHETIC);
  console.log(
    existsSync(corpusPath) ? `Data: real corpus ${corpusPath}` : `Data: no corpus at ${corpusPath}, synthetic packs`,
  );
  const summary = await importCorpus(db, corpus);
  const seed = await seedDemoData(server.services);
  console.log(
    `Loaded ${summary.total} packs (${summary.classNames} class names) in ${summary.seconds.toFixed(1)} s ` +
      `+ ${seed.nodes} demo packs with real archives in ${(seed.milliseconds / 1000).toFixed(1)} s ` +
      `(setup ${((performance.now() - started) / 1000).toFixed(1)} s) on ${server.describeDatabase}.`,
  );

  const ids = (await db.select({ id: nodes.id }).from(nodes).where(eq(nodes.status, 'NodeStatusActive'))).map(
    (r) => r.id,
  );
  const installable = (await db.select({ id: nodes.id }).from(nodes).where(isNotNull(nodes.latestVersionId))).map(
    (r) => r.id,
  );
  const first = await getJson<{ totalPages: number; total: number }>(
    `${server.baseUrl}/nodes?page=1&limit=${PAGE_SIZE}`,
  );
  const rng = seededRandom(7);
  const base = server.baseUrl;
  const scenarios: { name: string; url: () => string }[] = [
    {
      name: `GET /nodes?limit=${PAGE_SIZE} (random page)`,
      url: () => `${base}/nodes?page=${rng.int(1, first.totalPages)}&limit=${PAGE_SIZE}`,
    },
    { name: 'GET /nodes/{id} (random id)', url: () => `${base}/nodes/${encodeURIComponent(rng.pick(ids))}` },
    {
      name: 'GET /nodes/{id}/install (installable)',
      url: () => `${base}/nodes/${encodeURIComponent(rng.pick(installable))}/install`,
    },
  ];

  for (const scenario of scenarios)
    await runLoad('warm-up', { requests: 100, concurrency: CONCURRENCY, nextUrl: scenario.url });
  const results: LoadResult[] = [];
  for (const scenario of scenarios) {
    results.push(await runLoad(scenario.name, { requests: REQUESTS, concurrency: CONCURRENCY, nextUrl: scenario.url }));
  }

  // ComfyUI-Manager's cache refresh: page after page until totalPages, one request at a time.
  const syncStart = performance.now();
  const seen = new Set<string>();
  let pages = 0;
  for (let page = 1; page <= first.totalPages; page++) {
    const body = await getJson<{ nodes: { id: string }[] }>(
      `${base}/nodes?page=${page}&limit=${PAGE_SIZE}&comfyui_version=v0.3.60&form_factor=git-linux`,
    );
    for (const node of body.nodes) seen.add(node.id);
    pages++;
  }
  const syncSeconds = (performance.now() - syncStart) / 1000;

  console.log(
    `\n${REQUESTS} requests per endpoint at concurrency ${CONCURRENCY} (client and server share this process):\n`,
  );
  console.log(formatTable(results));
  console.log(
    `\nManager-style full sync: ${pages} pages of ${PAGE_SIZE}, ${seen.size} distinct nodes (total ${first.total}) ` +
      `in ${syncSeconds.toFixed(2)} s (${((syncSeconds * 1000) / pages).toFixed(1)} ms/page).`,
  );
} finally {
  await server.close();
}
