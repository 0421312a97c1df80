import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCompression } from './compression.ts';

const bigJson = JSON.stringify({ nodes: Array.from({ length: 200 }, (_, i) => ({ id: `node-${i}`, name: 'A pack' })) });
const zipBytes = Buffer.alloc(8_000, 7);

// A plain node listener standing in for the site and API handlers: it writes the way they do
// (headers first, then one or several chunks).
const server = http.createServer(
  withCompression((req, res) => {
    if (req.url === '/json') res.writeHead(200, { 'content-type': 'application/json', etag: '"abc"' }).end(bigJson);
    else if (req.url === '/small')
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '11' }).end('{"ok":true}');
    else if (req.url === '/zip') res.writeHead(200, { 'content-type': 'application/zip' }).end(zipBytes);
    else if (req.url === '/chunks') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      for (let i = 0; i < 50; i += 1) res.write(`<p>paragraph ${i} of a server-rendered page</p>`);
      res.end();
    } else res.writeHead(304, { etag: '"abc"' }).end();
  }),
);
let base = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Raw bytes and headers (fetch would decode the body and hide what went over the wire). */
function get(path: string, acceptEncoding?: string, method = 'GET') {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
    http
      .request(`${base}${path}`, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject)
      .end();
  });
}

describe('withCompression', () => {
  it('sends brotli when accepted, and the body decodes to the original', async () => {
    const response = await get('/json', 'gzip, deflate, br');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['vary']).toMatch(/accept-encoding/i);
    expect(response.body.length).toBeLessThan(bigJson.length / 4);
    expect(brotliDecompressSync(response.body).toString()).toBe(bigJson);
    expect(response.headers['etag']).toBe('"abc"');
  });

  it('sends gzip to a gzip-only client, also for a page written in chunks', async () => {
    const response = await get('/chunks', 'gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    const text = gunzipSync(response.body).toString();
    expect(text).toContain('<p>paragraph 0 of');
    expect(text).toContain('<p>paragraph 49 of');
  });

  it('sends identity to clients that ask for nothing', async () => {
    const response = await get('/json');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body.toString()).toBe(bigJson);
  });

  it('leaves small bodies, archives, HEAD and 304 answers alone', async () => {
    for (const path of ['/small', '/zip', '/not-modified']) {
      const response = await get(path, 'gzip, br');
      expect(response.headers['content-encoding'], path).toBeUndefined();
    }
    expect((await get('/zip', 'gzip, br')).body.equals(zipBytes)).toBe(true);
    const head = await get('/json', 'gzip, br', 'HEAD');
    expect(head.headers['content-encoding']).toBeUndefined();
  });
});
