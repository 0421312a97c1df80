// npm run bench:index-sync [-- --skip-pause]: a full catalogue sync the Manager's way (GET /nodes, 30
// per page, with and without its 0.5 s pause) beside the signed index (one snapshot, verified), then
// one change fetched as a delta, on the same machine and data. Also the snapshot's size on the wire
// and its warm latency. Data: the real corpus (../shared/data/comfy-node-corpus.json or NODEYARD_CORPUS)
// when present, else synthetic packs; plus the demo packs with real archives. Prints numbers only.
import { getRequestListener } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { existsSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createApp } from '../src/server/app.ts';
import { nodes } from '../src/server/db/schema/index.ts';
import { withCompression } from '../src/server/http/compression.ts';
import { IndexDeltaSchema, IndexSnapshotSchema } from '../src/server/index-protocol/format.ts';
import { verifySigned } from '../src/server/index-protocol/index-client.ts';
import { buildSnapshot } from '../src/server/services/index-protocol/build-snapshot.ts';
import { encodeSnapshot } from '../src/server/services/index-protocol/snapshot-cache.ts';
import { keyIdOf } from '../src/server/index-protocol/signatures.ts';
import { seedDemoData } from '../src/server/seed/seed-demo.ts';
import { importCorpus } from '../src/server/services/import/import-corpus.ts';
import { corpusPath, loadBenchCorpus } from './lib/bench-corpus.ts';
import { startBenchServer } from './lib/bench-server.ts';
import { percentile } from './lib/load.ts';

const PAGE_SIZE = 30;
const MANAGER_PAUSE_MS = 500;
const WARM_REQUESTS = 200;
const skipPause = process.argv.includes('--skip-pause');

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  wireBytes: number;
  body: Buffer;
}

/** One GET with the given Accept-Encoding; counts the bytes on the wire, then decodes them. */
function get(url: string, acceptEncoding: string, decode = true): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const wire = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          const body = !decode
            ? wire
            : encoding === 'br'
              ? brotliDecompressSync(wire)
              : encoding === 'gzip'
                ? gunzipSync(wire)
                : wire;
          resolve({ status: res.statusCode ?? 0, headers: res.headers, wireBytes: wire.length, body });
        });
      })
      .on('error', reject);
  });
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${value.toFixed(1)} ms`;
const headersOf = (raw: Raw) =>
  new Headers(Object.entries(raw.headers).map(([k, v]): [string, string] => [k, String(v)]));

async function managerCrawl(base: string, pauseMs: number) {
  const started = performance.now();
  let page = 1;
  let pages = 0;
  let wire = 0;
  let packs = 0;
  for (;;) {
    const raw = await get(`${base}/nodes?page=${page}&limit=${PAGE_SIZE}`, 'gzip');
    if (raw.status !== 200) throw new Error(`/nodes page ${page}: ${raw.status}`);
    const body = JSON.parse(raw.body.toString('utf8')) as { nodes: unknown[]; totalPages: number };
    pages += 1;
    wire += raw.wireBytes;
    packs += body.nodes.length;
    if (page >= body.totalPages) break;
    page += 1;
    if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
  return { seconds: (performance.now() - started) / 1000, pages, wire, packs };
}

const server = await startBenchServer();
const site = http.createServer(withCompression(getRequestListener(createApp(server.services).fetch)));
await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
try {
  const corpus = await loadBenchCorpus(5877);
  const summary = await importCorpus(server.services.db, corpus);
  const seed = await seedDemoData(server.services);
  console.log(
    `Data: ${existsSync(corpusPath) ? `real corpus ${corpusPath}` : 'synthetic packs (no corpus found)'}: ` +
      `${summary.total} packs + ${seed.nodes} demo packs with archives, on ${server.describeDatabase}.`,
  );
  const keys = server.services.indexKeys.published;
  console.log(`Index key: ${keyIdOf(server.services.indexKeys.signing.publicKey)}\n`);

  // The snapshot: first build (cold), then the full sync a client does (br on the wire, verify, parse).
  let t0 = performance.now();
  const cold = await get(`${base}/index/v1/snapshot`, 'br');
  const coldMs = performance.now() - t0;
  t0 = performance.now();
  const fetched = await get(`${base}/index/v1/snapshot`, 'br');
  verifySigned(fetched.body, headersOf(fetched), keys, 'snapshot');
  const snapshot = IndexSnapshotSchema.parse(JSON.parse(fetched.body.toString('utf8')));
  const snapshotSyncMs = performance.now() - t0;
  const gz = await get(`${base}/index/v1/snapshot`, 'gzip');
  const identity = await get(`${base}/index/v1/snapshot`, 'identity');

  // Warm latency of the snapshot (brotli), one request at a time.
  const latencies: number[] = [];
  for (let i = 0; i < WARM_REQUESTS; i += 1) {
    const start = performance.now();
    // Until the last byte arrived; decompressing it is the client's own cost (in the full sync above).
    await get(`${base}/index/v1/snapshot`, 'br', false);
    latencies.push(performance.now() - start);
  }
  latencies.sort((a, b) => a - b);

  // Where a rebuild's time goes: reading and signing, then compressing (once per state).
  t0 = performance.now();
  const built = await buildSnapshot(server.services);
  const buildMs = performance.now() - t0;
  t0 = performance.now();
  await encodeSnapshot(built);
  const encodeMs = performance.now() - t0;

  // One change, fetched as a delta (verify + parse), and the snapshot rebuilt after it.
  const changed = snapshot.packs[Math.floor(snapshot.packs.length / 2)]!.id;
  await server.services.db
    .update(nodes)
    .set({ description: 'Changed for the benchmark.' })
    .where(eq(nodes.id, changed));
  t0 = performance.now();
  const deltaRaw = await get(`${base}/index/v1/changes?since=${snapshot.cursor}`, 'gzip');
  verifySigned(deltaRaw.body, headersOf(deltaRaw), keys, 'delta');
  const delta = IndexDeltaSchema.parse(JSON.parse(deltaRaw.body.toString('utf8')));
  const deltaMs = performance.now() - t0;
  t0 = performance.now();
  await get(`${base}/index/v1/snapshot`, 'br');
  const rebuildMs = performance.now() - t0;

  const noPause = await managerCrawl(base, 0);
  const withPause = skipPause ? null : await managerCrawl(base, MANAGER_PAUSE_MS);

  console.log('Full catalogue sync');
  console.log(
    `  Manager loop, ${PAGE_SIZE}/page, no pause:   ${noPause.pages} requests, ${noPause.packs} packs, ` +
      `${noPause.seconds.toFixed(2)} s, ${kb(noPause.wire)} on the wire (gzip)`,
  );
  console.log(
    withPause
      ? `  Manager loop, ${PAGE_SIZE}/page, 0.5 s pause: ${withPause.pages} requests, ${withPause.seconds.toFixed(2)} s`
      : `  Manager loop, ${PAGE_SIZE}/page, 0.5 s pause: skipped (--skip-pause); at least ` +
          `${(noPause.seconds + ((noPause.pages - 1) * MANAGER_PAUSE_MS) / 1000).toFixed(1)} s`,
  );
  console.log(
    `  Signed snapshot (fetch + verify + parse): 1 request, ${snapshot.packs.length} packs, ` +
      `${snapshot.versions.length} versions, ${ms(snapshotSyncMs)}, ${kb(fetched.wireBytes)} on the wire (br)`,
  );
  console.log('\nSnapshot');
  console.log(
    `  size: ${kb(identity.wireBytes)} identity, ${kb(gz.wireBytes)} gzip, ${kb(fetched.wireBytes)} brotli; ` +
      `first build (cold) ${ms(coldMs)} (status ${cold.status})`,
  );
  console.log(
    `  warm, ${WARM_REQUESTS} sequential requests (br): p50 ${ms(percentile(latencies, 50))}, ` +
      `p95 ${ms(percentile(latencies, 95))}, p99 ${ms(percentile(latencies, 99))}`,
  );
  console.log('\nOne change');
  console.log(
    `  delta (fetch + verify + parse): ${ms(deltaMs)}, ${deltaRaw.wireBytes} bytes on the wire, ` +
      `${delta.packs.length} pack, ${delta.removed.length} tombstones; snapshot rebuilt on the next request in ${ms(rebuildMs)}`,
  );
  console.log(`  a rebuild: read + serialize + sign ${ms(buildMs)}, compress (brotli 5 + gzip 9) ${ms(encodeMs)}`);
} finally {
  site.closeAllConnections();
  await new Promise<void>((resolve) => site.close(() => resolve()));
  await server.close();
}
