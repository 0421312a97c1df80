// `npm run bench:hostile-images`: what a burst of expensive /_image requests does to everyone else.
// One instance with the built site (response cache off, so every page renders) and a local "image
// host" on 127.0.0.1 serving large PNGs (made here with sharp). First the latency of uncached node
// pages and /healthz on a quiet server; then the same while 24 /_image requests for distinct large
// images and widths are in flight at once. Prints the image answers (status × count, slowest) and
// page / healthz latency (p50, p95, max) for both phases. Signed image URLs come from the server's
// own signer (src/server/images/image-url-signer.ts) with the secret the instance is started with.
// Needs a site build (`npm run build`, or NODEYARD_BUILD_DIR). Knobs: BENCH_IMAGE_REQUESTS (24),
// BENCH_IMAGE_SIDE (6000: pixels of the large PNG's side), BENCH_PAGE_SAMPLES (20, quiet phase).
import { createServer, type Server } from 'node:http';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { buildDirectory } from '../src/server/build-directory.ts';
import { DEVICE_SIZES } from '../src/lib/images/image-url.ts';
import { startInstance } from './lib/instance-process.ts';

const IMAGE_REQUESTS = Number(process.env['BENCH_IMAGE_REQUESTS'] ?? 24);
const SIDE = Number(process.env['BENCH_IMAGE_SIDE'] ?? 6000);
const PAGE_SAMPLES = Number(process.env['BENCH_PAGE_SAMPLES'] ?? 20);

if (!existsSync(join(buildDirectory(), 'server', 'entry.mjs'))) {
  console.error(`No site build in ${buildDirectory()}: run \`npm run build\` first (or set NODEYARD_BUILD_DIR).`);
  process.exit(1);
}

/** A large PNG that compresses well (a gradient with a few shapes): small to send, costly to decode. */
async function largePng(side: number): Promise<Buffer> {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}">` +
    `<defs><linearGradient id="g"><stop offset="0" stop-color="#2266ee"/><stop offset="1" stop-color="#ee6622"/></linearGradient></defs>` +
    `<rect width="100%" height="100%" fill="url(#g)"/><circle cx="50%" cy="50%" r="30%" fill="#ffffff"/></svg>`;
  return sharp(Buffer.from(svg), { limitInputPixels: false }).png({ compressionLevel: 9 }).toBuffer();
}

async function startImageHost(png: Buffer): Promise<{ origin: string; server: Server }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(png.length) }).end(png);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

interface Timed {
  status: number;
  ms: number;
}

async function timed(url: string): Promise<Timed> {
  const started = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

function summary(samples: Timed[]): string {
  const sorted = samples.map((sample) => sample.ms).sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  const bad = samples.filter((sample) => sample.status !== 200).length;
  return `n=${sorted.length} p50 ${at(0.5).toFixed(0)} ms, p95 ${at(0.95).toFixed(0)} ms, max ${at(1).toFixed(0)} ms${bad ? `, ${bad} non-200` : ''}`;
}

const SECRET = 'bench-hostile-images-secret-0123456789abcdef';
/** The image URL a page would render: signed when the server signs its image URLs. */
async function imageUrl(source: string, width: number): Promise<string> {
  const params = new URLSearchParams({ url: source, w: String(width) });
  const signer = await import('../src/server/images/image-url-signer.ts').catch(() => null);
  if (signer) params.set('s', signer.createImageUrlSigner(SECRET).sign(source, width, 'inside'));
  return `/_image?${params.toString()}`;
}

const png = await largePng(SIDE);
const host = await startImageHost(png);
const dataDir = mkdtempSync(join(tmpdir(), 'nodeyard-hostile-images-'));
console.log(`Large image: ${SIDE}×${SIDE} PNG, ${(png.length / 1024).toFixed(0)} KiB on ${host.origin}`);
const instance = await startInstance(
  {
    NODEYARD_INSTANCE_SITE: 'true',
    DATA_DIR: dataDir,
    SEED_DEMO_DATA: 'true',
    IMAGE_ALLOW_LOOPBACK: 'true',
    IMAGE_URL_SECRET: SECRET,
    RESPONSE_CACHE_MAX_BYTES: '0',
    RATE_LIMIT_ENABLED: 'true',
  },
  240_000,
);
try {
  const search = (await (await fetch(`${instance.apiUrl}/nodes/search?limit=50`)).json()) as {
    nodes: { id: string }[];
  };
  const pages = search.nodes.map((node) => `${instance.siteUrl}/en/nodes/${encodeURIComponent(node.id)}`);
  if (pages.length === 0) throw new Error('no demo nodes to render');
  let next = 0;
  const nextPage = () => pages[next++ % pages.length]!;
  // Warm-up: first renders compile templates and fill the search index.
  for (const page of pages.slice(0, 5)) await timed(page);

  const quietPages: Timed[] = [];
  const quietHealth: Timed[] = [];
  for (let i = 0; i < PAGE_SAMPLES; i++) {
    quietPages.push(await timed(nextPage()));
    quietHealth.push(await timed(`${instance.siteUrl}/healthz`));
  }

  // Distinct URLs and widths: nothing is served from the image cache or coalesced.
  const urls = await Promise.all(
    Array.from({ length: IMAGE_REQUESTS }, (_, i) =>
      imageUrl(`${host.origin}/large-${i}.png`, DEVICE_SIZES[i % DEVICE_SIZES.length]!),
    ),
  );
  const started = performance.now();
  let done = false;
  const images = Promise.all(urls.map((url) => timed(`${instance.siteUrl}${url}`))).finally(() => (done = true));
  const busyPages: Timed[] = [];
  const busyHealth: Timed[] = [];
  while (!done) {
    busyPages.push(await timed(nextPage()));
    busyHealth.push(await timed(`${instance.siteUrl}/healthz`));
  }
  const imageResults = await images;
  const imagesMs = performance.now() - started;

  const statuses = new Map<number, number>();
  for (const result of imageResults) statuses.set(result.status, (statuses.get(result.status) ?? 0) + 1);
  console.log(`\nQuiet server`);
  console.log(`  node page (uncached)  ${summary(quietPages)}`);
  console.log(`  /healthz              ${summary(quietHealth)}`);
  console.log(`\nWhile ${IMAGE_REQUESTS} /_image requests for large images are in flight (${imagesMs.toFixed(0)} ms)`);
  console.log(`  node page (uncached)  ${summary(busyPages)}`);
  console.log(`  /healthz              ${summary(busyHealth)}`);
  console.log(
    `  /_image answers       ${[...statuses].map(([status, count]) => `${status}×${count}`).join(', ')}; ` +
      `slowest ${Math.max(...imageResults.map((result) => result.ms)).toFixed(0)} ms`,
  );
} finally {
  await instance.stop();
  host.server.close();
  rmSync(dataDir, { recursive: true, force: true });
}
