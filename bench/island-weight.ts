/**
 * The islands' JavaScript as built: `npm run bench:island-weight [-- <astro-dir> [<astro-dir-to-compare>]]`.
 *
 * Reads every `*.js` in a built site's `client/_astro/` (default: the build `npm run build:site` made,
 * `dist/` or `.builds/<E2E_PORT>`) and prints the number of files, their raw bytes and their gzip bytes
 * (level 6, what a compressing proxy sends), with the ten heaviest files. Given a second directory (a
 * copy of `_astro/` from an earlier build) it prints both totals and the difference: how a change to
 * shared browser code (the API client, the query layer) moved the weight every island pays.
 * Numbers, not assertions.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildDirectory } from '../src/server/build-directory.ts';

interface Weight {
  files: number;
  raw: number;
  gzip: number;
  heaviest: { name: string; raw: number; gzip: number }[];
}

function weigh(directory: string): Weight {
  const entries = readdirSync(directory)
    .filter((name) => name.endsWith('.js'))
    .map((name) => {
      const bytes = readFileSync(join(directory, name));
      return { name, raw: bytes.length, gzip: gzipSync(bytes, { level: 6 }).length };
    });
  return {
    files: entries.length,
    raw: entries.reduce((sum, entry) => sum + entry.raw, 0),
    gzip: entries.reduce((sum, entry) => sum + entry.gzip, 0),
    heaviest: entries.sort((a, b) => b.gzip - a.gzip).slice(0, 10),
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const signedKb = (bytes: number) => `${bytes >= 0 ? '+' : '−'}${kb(Math.abs(bytes))}`;

const port = process.env['E2E_PORT'];
if (port !== undefined && process.env['NODEYARD_BUILD_DIR'] === undefined) {
  process.env['NODEYARD_BUILD_DIR'] = `.builds/${port}`;
}
const [current = join(buildDirectory(), 'client', '_astro'), earlier] = process.argv.slice(2);

const now = weigh(current);
console.log(`${current}: ${now.files} files, ${kb(now.raw)} raw, ${kb(now.gzip)} gzip`);
for (const file of now.heaviest) {
  console.log(`  ${file.name.padEnd(48)} ${kb(file.raw).padStart(10)} ${kb(file.gzip).padStart(10)} gzip`);
}
if (earlier) {
  const before = weigh(earlier);
  console.log(`${earlier}: ${before.files} files, ${kb(before.raw)} raw, ${kb(before.gzip)} gzip`);
  console.log(`difference: ${signedKb(now.raw - before.raw)} raw, ${signedKb(now.gzip - before.gzip)} gzip`);
}
