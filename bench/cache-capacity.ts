// `npm run bench:cache-capacity`: how many node pages the response cache holds in its default bound
// (RESPONSE_CACHE_MAX_BYTES = 64 MiB; goal ≥ 5,000). Renders BENCH_PAGES (1,000) distinct node pages of
// the real corpus in rotating languages into one instance's cache, reads the cache's bytes and entries
// from /metrics, and prints the bytes per page and how many pages fit, split into body, own headers,
// request key, fixed overhead and the header sets entries share (held once, e.g. the pages' CSP);
// beside it, what the same pages cost in the earlier layout (identity + gzip + brotli bodies kept per
// entry). PGlite by default
// (BENCH_DRIVERS=postgres with DATABASE_URL for PostgreSQL); needs a site build.
import { cpus, loadavg } from 'node:os';
import { brotliCompressSync, constants } from 'node:zlib';
import { brotliOptions } from '../src/server/cache/brotli-options.ts';
import { benchDrivers, startCorpusInstance, withSite } from './lib/corpus-instance.ts';

const PAGES = Number(process.env['BENCH_PAGES'] ?? 1000);
const LANGS = ['en', 'zh', 'ja', 'ko', 'fr', 'es', 'ru', 'ar'];
const BOUND = 64 * 1024 * 1024;
const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

if (!withSite) {
  console.error('bench:cache-capacity needs a site build (npm run build, or NODEYARD_BUILD_DIR).');
  process.exit(2);
}

async function metrics(apiUrl: string): Promise<Record<string, number>> {
  const text = await (await fetch(`${apiUrl}/metrics`)).text();
  const stats: Record<string, number> = {};
  for (const match of text.matchAll(/^nodeyard_response_cache_(\w+) (\d+)/gm)) stats[match[1]!] = Number(match[2]);
  for (const match of text.matchAll(/^nodeyard_response_cache_part_bytes\{part="(\w+)"\} (\d+)/gm))
    stats[`part_${match[1]!}`] = Number(match[2]);
  return stats;
}

/** Bytes on the wire (fetch decodes bodies, so the length comes from Content-Length). */
async function bytesOf(url: string, encoding: string): Promise<number> {
  const response = await fetch(url, { headers: { 'accept-encoding': encoding } });
  await response.arrayBuffer();
  return Number(response.headers.get('content-length') ?? 0);
}

/**
 * What other brotli settings would store, and the CPU each costs per page (process CPU time, so the
 * machine's load inflates it less than wall time would): the stored copy is compressed on a miss.
 */
function brotliSettings(pages: Buffer[]): void {
  const measure = (label: string, options: (page: Buffer) => { params: Record<number, number> }) => {
    const cpu = process.cpuUsage();
    let bytes = 0;
    for (const page of pages) bytes += brotliCompressSync(page, options(page)).length;
    const used = process.cpuUsage(cpu);
    console.log(
      `  brotli ${label}: ${(bytes / pages.length).toFixed(0)} bytes per page, ` +
        `${((used.user + used.system) / 1000 / pages.length).toFixed(1)} ms CPU per page`,
    );
  };
  for (const quality of [5, 6, 7, 8, 9, 10, 11]) {
    for (const window of quality === 7 ? [16, 22, 24] : [22]) {
      measure(`q${quality} window 2^${window}`, () => ({
        params: {
          [constants.BROTLI_PARAM_QUALITY]: quality,
          [constants.BROTLI_PARAM_LGWIN]: window,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      }));
    }
  }
  // What the cache stores: quality 7 in the smallest window that holds the page.
  measure('q7 window fitted to the page (stored today)', (page) => brotliOptions(7, page.length));
}

console.log(`bench:cache-capacity — ${PAGES} node pages; load average ${load()} on ${cpus().length} cores.`);
for (const driver of process.env['BENCH_DRIVERS'] ? benchDrivers() : (['pglite'] as const)) {
  const instance = await startCorpusInstance('mixed', driver, { RESPONSE_CACHE_MAX_BYTES: String(BOUND) });
  try {
    const ids: string[] = [];
    for (let page = 1; ids.length < PAGES; page++) {
      const list = (await (await fetch(`${instance.apiUrl}/nodes?limit=100&page=${page}`)).json()) as {
        nodes: Array<{ id: string }>;
      };
      if (list.nodes.length === 0) break;
      ids.push(...list.nodes.map((node) => node.id));
    }
    const urls = ids
      .slice(0, PAGES)
      .map((id, i) => `${instance.siteUrl}/${LANGS[i % LANGS.length]}/nodes/${encodeURIComponent(id)}`);
    // The id lists above are cached too (ten large JSON answers): count only what the pages add.
    const before = await metrics(instance.apiUrl);
    // Four at a time, brotli like nearly every browser: each page is rendered once into the cache.
    let next = 0;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next < urls.length) await bytesOf(urls[next++]!, 'br');
      }),
    );
    const stats = await metrics(instance.apiUrl);
    const entries = (stats['entries'] ?? 0) - (before['entries'] ?? 0);
    const pageBytes = (stats['bytes'] ?? 0) - (before['bytes'] ?? 0);
    const perPage = pageBytes / Math.max(entries, 1);
    const part = (name: string) =>
      ((stats[`part_${name}`] ?? 0) - (before[`part_${name}`] ?? 0)) / Math.max(entries, 1);
    // The earlier layout kept all three bodies of every entry.
    // (After the bytes above were read: asking for gzip and identity keeps derived bodies too.)
    const sample = urls.slice(0, 50);
    let identity = 0;
    let gzip = 0;
    let br = 0;
    const plain: Buffer[] = [];
    for (const url of sample) {
      const response = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
      plain.push(Buffer.from(await response.arrayBuffer()));
      identity += plain.at(-1)!.length;
      gzip += await bytesOf(url, 'gzip');
      br += await bytesOf(url, 'br');
    }
    const earlier = (identity + gzip + br) / sample.length;
    console.log(
      `\n${driver}: ${entries} node pages cached in ${(pageBytes / 1024 / 1024).toFixed(2)} MiB → ` +
        `${perPage.toFixed(0)} bytes per page; ${Math.floor(BOUND / perPage)} pages fit in 64 MiB (goal ≥ 5,000).`,
    );
    console.log(
      `  per page: body ${part('body').toFixed(0)}, own headers ${part('headers').toFixed(0)}, key ${part('key').toFixed(0)}, ` +
        `fixed ${part('fixed').toFixed(0)}, shared header sets ${part('sharedHeaders').toFixed(0)} ` +
        `(${stats['shared_header_sets'] ?? 0} distinct sets held by the whole cache)`,
    );
    console.log(
      `  a page sent: ${(identity / sample.length / 1024).toFixed(1)} KiB identity, ${(gzip / sample.length / 1024).toFixed(1)} KiB gzip, ` +
        `${(br / sample.length / 1024).toFixed(1)} KiB brotli (mean of ${sample.length}); ` +
        `the earlier layout (all three kept) ≈ ${earlier.toFixed(0)} bytes per page → ${Math.floor(BOUND / earlier)} pages.`,
    );
    brotliSettings(plain);
  } finally {
    await instance.stop();
  }
}
console.log(`load average at the end: ${load()}`);
