// `npm run bench:hostile-resolve`: sends hostile inputs to POST /workflows/resolve, each to a fresh
// server process (embedded database in a temp dir, rate limits off), and prints per input: the answer,
// how long the request took, the server's resident memory before, at its peak and a second after, and
// the slowest `/healthz` answer measured at the same time (one after the other, as long as the request
// runs): what any other visitor waited for while the resolver worked.
// The inputs: WebP EXIF text made of one label repeated (the label search used to rescan to the end
// from every copy: quadratic), PNGs with thousands of small text chunks that each inflate to 2 MiB
// (capped one by one but not in total), a 2 MB JSON nested two million deep, a multipart body of
// 120,000 tiny parts, and an 8 MB legitimate image as the baseline.
// Knobs: HOSTILE_CASES (comma-separated names, default all; `npm run bench:hostile-resolve -- list`
// prints them), HOSTILE_TIMEOUT_S (300: a request still running then counts as "timeout").
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pngWithInflatingChunks, pngWithText, webpWithExif } from '../src/server/services/workflows/test-images.ts';
import { startInstance } from './lib/instance-process.ts';

interface HostileCase {
  name: string;
  what: string;
  /** The request; none: only /healthz is measured, for 3 s (what the busy machine alone costs). */
  build?: () => { body: Uint8Array<ArrayBuffer>; type: string };
}

const KIB = 1024;
const MIB = 1024 * KIB;
const apiWorkflow = JSON.stringify({ '1': { class_type: 'KSampler', inputs: {} } });

/** One WebP whose single EXIF value is `unit` repeated to about `bytes`. */
const repeatedExif = (unit: string, bytes: number) => () => ({
  body: webpWithExif([unit.repeat(Math.floor(bytes / unit.length))]),
  type: 'image/webp',
});

/** `count` zTXt chunks inflating to 2 MiB each, all named "workflow" or each its own keyword. */
const bombPng =
  (count: number, options: { distinct?: boolean; found?: boolean } = {}) =>
  () => ({
    body: pngWithInflatingChunks({
      count,
      inflatedBytes: 2 * MIB,
      keyword: options.distinct ? (i) => `note${i}` : 'workflow',
      texts: options.found ? [{ kind: 'tEXt', keyword: 'workflow', text: apiWorkflow }] : [],
    }),
    type: 'image/png',
  });

/** A multipart body of `count` one-byte fields named "a" and no file. */
function manyParts(count: number) {
  const boundary = 'hostileBoundary';
  const part = `--${boundary}\r\nContent-Disposition: form-data; name="a"\r\n\r\nx\r\n`;
  return () => ({
    body: new Uint8Array(Buffer.from(part.repeat(count) + `--${boundary}--\r\n`)),
    type: `multipart/form-data; boundary=${boundary}`,
  });
}

const CASES: HostileCase[] = [
  { name: 'idle', what: 'no request: /healthz alone for 3 s (noise floor)' },
  {
    name: 'webp-brace-80k',
    what: 'WebP, EXIF "workflow:{" × 8k (80 KiB)',
    build: repeatedExif('workflow:{', 80 * KIB),
  },
  { name: 'webp-brace-160k', what: 'WebP, EXIF "workflow:{" × 16k', build: repeatedExif('workflow:{', 160 * KIB) },
  { name: 'webp-brace-320k', what: 'WebP, EXIF "workflow:{" × 33k', build: repeatedExif('workflow:{', 320 * KIB) },
  { name: 'webp-label-320k', what: 'WebP, EXIF "workflow:" × 36k', build: repeatedExif('workflow:', 320 * KIB) },
  { name: 'webp-prompt-320k', what: 'WebP, EXIF "prompt: {" × 36k', build: repeatedExif('prompt: {', 320 * KIB) },
  {
    name: 'webp-brace-8m',
    what: 'WebP, EXIF "workflow:{" × 838k (8 MB)',
    build: repeatedExif('workflow:{', 8 * MIB - 200),
  },
  { name: 'png-ztxt-750', what: 'PNG, 750 zTXt "workflow" → 2 MiB each', build: bombPng(750) },
  { name: 'png-ztxt-3000', what: 'PNG, 3,000 zTXt "workflow" → 2 MiB each', build: bombPng(3000) },
  { name: 'png-keys-750', what: 'PNG, 750 zTXt, own keywords, → 2 MiB each', build: bombPng(750, { distinct: true }) },
  { name: 'png-keys-1500', what: 'PNG, 1,500 zTXt, own keywords', build: bombPng(1500, { distinct: true }) },
  { name: 'png-keys-3000', what: 'PNG, 3,000 zTXt, own keywords', build: bombPng(3000, { distinct: true }) },
  { name: 'png-found-first', what: 'PNG, workflow, then 3,000 zTXt bombs', build: bombPng(3000, { found: true }) },
  {
    name: 'json-deep-2m',
    what: 'JSON, "[" × 2M (nested 2M deep)',
    build: () => ({ body: new Uint8Array(Buffer.alloc(2 * MIB - 1, '[')), type: 'application/json' }),
  },
  { name: 'multipart-120k', what: 'multipart, 120,000 one-byte fields', build: manyParts(120_000) },
  {
    name: 'png-8m-legit',
    what: 'PNG, workflow + 8 MB of other chunks (baseline)',
    build: () => {
      const png = Buffer.from(pngWithText([{ kind: 'tEXt', keyword: 'prompt', text: apiWorkflow }]));
      // An ancillary private chunk of filler before IEND-less tail would be corrupt: splice before IEND.
      const filler = Buffer.alloc(8 * MIB - png.length - 32, 0x41);
      const head = Buffer.alloc(8);
      head.writeUInt32BE(filler.length, 0);
      head.write('xfIl', 4, 'latin1');
      const iend = png.length - 12;
      return {
        body: new Uint8Array(Buffer.concat([png.subarray(0, iend), head, filler, Buffer.alloc(4), png.subarray(iend)])),
        type: 'image/png',
      };
    },
  },
];

if (process.argv[2] === 'list') {
  for (const entry of CASES) console.log(`${entry.name.padEnd(18)} ${entry.what}`);
  process.exit(0);
}

const selected = process.env['HOSTILE_CASES']?.split(',').map((name) => name.trim());
const cases = selected ? CASES.filter((entry) => selected.includes(entry.name)) : CASES;
const TIMEOUT_MS = Number(process.env['HOSTILE_TIMEOUT_S'] ?? 300) * 1000;

/** Resident memory of a process, from /proc (Linux), in MB. */
function rssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Math.round(Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? Number.NaN) / 1024);
  } catch {
    return Number.NaN; // the process died (out of memory)
  }
}

interface Row {
  name: string;
  what: string;
  kib: number;
  status: string;
  seconds: number;
  before: number;
  peak: number;
  after: number;
  healthMaxMs: number;
  healthCount: number;
}

async function run(entry: HostileCase): Promise<Row> {
  const request = entry.build?.();
  const dataDir = mkdtempSync(join(tmpdir(), 'nodeyard-bench-hostile-'));
  // A busy shared machine can take more than the default minute to start an instance.
  const instance = await startInstance(
    { DATA_DIR: dataDir, FIREBASE_AUTH_EMULATOR_HOST: '', RATE_LIMIT_ENABLED: 'false' },
    180_000,
  );
  try {
    const pid = instance.process.pid!;
    const url = `${instance.apiUrl}/workflows/resolve`;
    // Warm the route and the database once, then let the heap settle.
    await (
      await fetch(url, { method: 'POST', body: apiWorkflow, headers: { 'content-type': 'application/json' } })
    ).text();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const before = rssMb(pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid) || 0)), 25);

    let running = true;
    let healthMaxMs = 0;
    let healthCount = 0;
    const health = (async () => {
      while (running) {
        const started = performance.now();
        try {
          await (await fetch(`${instance.apiUrl}/healthz`, { signal: AbortSignal.timeout(TIMEOUT_MS) })).text();
        } catch {
          // counted by its time: a health check that never answers is the worst case
        }
        healthMaxMs = Math.max(healthMaxMs, performance.now() - started);
        healthCount++;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();

    const started = performance.now();
    let status = '—';
    if (!request) await new Promise((resolve) => setTimeout(resolve, 3000));
    else {
      try {
        const response = await fetch(url, {
          method: 'POST',
          body: request.body,
          headers: { 'content-type': request.type },
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        const answer = (await response.json().catch(() => ({}))) as { error?: string; packs?: unknown[] };
        status = `${response.status} ${answer.error ?? (answer.packs ? 'plan' : '')}`;
      } catch (error) {
        status = (error as Error).name === 'TimeoutError' ? 'timeout' : `failed: ${(error as Error).message}`;
      }
    }
    const seconds = (performance.now() - started) / 1000;
    running = false;
    await health;
    clearInterval(sampler);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    return {
      name: entry.name,
      what: entry.what,
      kib: Math.round((request?.body.length ?? 0) / KIB),
      status,
      seconds,
      before,
      peak,
      after: rssMb(pid),
      healthMaxMs,
      healthCount,
    };
  } finally {
    await instance.kill(); // a server stuck in a quadratic scan would not drain on SIGTERM
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
console.log(`POST /workflows/resolve with hostile inputs, one fresh server each. Load average at start: ${load()}.`);
const header = ['case', 'input', 'KiB', 'status', 'request s', 'RSS before/peak/after MB', '/healthz max ms (n)'];
const rows: string[][] = [];
for (const entry of cases) {
  const row = await run(entry);
  rows.push([
    row.name,
    row.what,
    String(row.kib),
    row.status,
    row.seconds.toFixed(2),
    `${row.before} / ${row.peak} / ${row.after}`,
    `${row.healthMaxMs.toFixed(0)} (${row.healthCount})`,
  ]);
  console.log(`  done: ${rows.at(-1)!.join(' · ')}`);
}
const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]!.length)));
const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
console.log();
console.log(line(header));
console.log(line(widths.map((width) => '-'.repeat(width))));
for (const row of rows) console.log(line(row));
console.log(`\nLoad average at end: ${load()} (2 shared cores: compare runs made under similar load).`);
