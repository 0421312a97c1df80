import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDirectory } from '../../../scripts/lib/precompress-assets.ts';
import { withCompression } from './compression.ts';
import { createStaticFiles } from './static-files.ts';

// A built client directory with one big script (compressed ahead by the build step), one big
// stylesheet without copies (as a build made before the step existed) and one tiny text file.
const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word-${i % 37}`))};\n`;
const styles = `.a { color: red; }\n`.repeat(200);
let dir: string;
let server: http.Server;
let base: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'nodeyard-static-'));
  mkdirSync(join(dir, '_astro'));
  writeFileSync(join(dir, '_astro', 'app.js'), script);
  writeFileSync(join(dir, 'robots.txt'), 'User-agent: *\n');
  mkdirSync(join(dir, 'docs'));
  writeFileSync(join(dir, 'docs', 'index.html'), '<p>docs</p>');
  const made = await precompressDirectory(dir);
  expect(made.files).toBe(1);
  writeFileSync(join(dir, '_astro', 'late.css'), styles);
  const files = createStaticFiles(dir);
  server = http.createServer(
    withCompression((req, res) => files(req, res, () => res.writeHead(404, { 'x-not-found': 'page' }).end('page'))),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

/** A raw GET, or HEAD (fetch would decode the body and hide the encoding). */
function get(path: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .request(`${base}${path}`, { headers, method }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject)
      .end();
  });
}

describe('precompressDirectory', () => {
  it('writes brotli and gzip copies of text files over 1 KB only', () => {
    expect(readdirSync(join(dir, '_astro')).sort()).toEqual(['app.js', 'app.js.br', 'app.js.gz', 'late.css']);
    expect(readdirSync(dir)).not.toContain('robots.txt.br');
  });
});

describe('static files with compressed copies', () => {
  it('sends the brotli copy as it is to a browser, with the script type and immutable caching', async () => {
    const res = await get('/_astro/app.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.body).toString()).toBe(script);
    // The stored bytes themselves, not a fresh compression of the file.
    expect(res.body.equals(readFileSync(join(dir, '_astro', 'app.js.br')))).toBe(true);
  });

  it('sends the gzip copy to a client that takes only gzip, and the file itself to one that takes neither', async () => {
    const gz = await get('/_astro/app.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(script);
    expect(gz.body.equals(readFileSync(join(dir, '_astro', 'app.js.gz')))).toBe(true);
    const plain = await get('/_astro/app.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(plain.body.toString()).toBe(script);
  });

  it('answers a revalidation with 304 for the encoding asked (each copy has its own ETag)', async () => {
    const first = await get('/_astro/app.js', { 'accept-encoding': 'br' });
    const plain = await get('/_astro/app.js', { 'accept-encoding': 'identity' });
    expect(first.headers.etag).toBeTruthy();
    expect(first.headers.etag).not.toBe(plain.headers.etag);
    const again = await get('/_astro/app.js', { 'accept-encoding': 'br', 'if-none-match': first.headers.etag! });
    expect(again.status).toBe(304);
    // A 304 updates the headers a cache keeps: it must not turn a year of caching into none.
    expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers HEAD with the headers GET would send, caching included', async () => {
    const head = await get('/_astro/app.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(head.headers['content-encoding']).toBe('br');
    // Files outside /_astro/ keep send's default: revalidated on every use.
    expect((await get('/robots.txt', {}, 'HEAD')).headers['cache-control']).toBe('public, max-age=0');
  });

  it('still compresses a file without copies on the fly, and leaves unknown paths to the pages', async () => {
    const css = await get('/_astro/late.css', { 'accept-encoding': 'br' });
    expect(css.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(css.body).toString()).toBe(styles);
    const missing = await get('/_astro/nothing.js', { 'accept-encoding': 'br' });
    expect(missing.status).toBe(404);
    expect(missing.headers['x-not-found']).toBe('page');
    expect(missing.headers['content-encoding']).toBeUndefined();
  });

  it('answers a folder by its index.html, with or without the slash; what the build lacks goes to the pages', async () => {
    for (const path of ['/docs', '/docs/', '/docs/index.html', '/docs/../docs/index.html']) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.body.toString(), path).toBe('<p>docs</p>');
    }
    for (const path of ['/', '/en/', '/nodes/x', '/docs/other.html', '/_astro', '/robots.txt/', '/%2E%2E/x']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers['x-not-found'], path).toBe('page');
    }
    // Read once at start: a file written later is not served (a running server's build does not change).
    writeFileSync(join(dir, 'late.txt'), 'late');
    expect((await get('/late.txt')).headers['x-not-found']).toBe('page');
  });

  it('never serves a compressed copy by its own name as something else', async () => {
    const res = await get('/_astro/app.js.br');
    // The copy is a file like any other: sent as what it is, never decoded or re-labelled as a script.
    expect(res.headers['content-type']).not.toMatch(/javascript/);
  });
});
