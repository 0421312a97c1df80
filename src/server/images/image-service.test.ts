import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createImageService, type ImageServiceOptions } from './image-service.ts';

// The image endpoint against a real local HTTP server (loopback allowed for it, as in the browser
// tests) and real sharp: schemes, addresses, redirects, caps, content types, resizing, caching.

let server: Server;
let origin = '';
let hits = 0;
let png: Buffer;
let bigPng: Buffer;

beforeAll(async () => {
  png = await sharp({ create: { width: 400, height: 300, channels: 4, background: '#ff0000' } })
    .png()
    .toBuffer();
  bigPng = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#00ff00' } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  server = createServer((req, res) => {
    hits++;
    const path = req.url ?? '/';
    if (path === '/good.png') return void res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    if (path === '/big.png') return void res.writeHead(200, { 'content-type': 'image/png' }).end(bigPng);
    if (path === '/big-chunked.png') {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.write(bigPng.subarray(0, 1000));
      return void res.end(bigPng.subarray(1000));
    }
    if (path === '/page.html') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<p>hi</p>');
    if (path === '/logo.svg') {
      return void res
        .writeHead(200, { 'content-type': 'image/svg+xml' })
        .end(
          '<svg xmlns="http://www.w3.org/2000/svg" width="90" height="20"><rect width="90" height="20" fill="#4c1"/></svg>',
        );
    }
    if (path === '/garbage.png') return void res.writeHead(200, { 'content-type': 'image/png' }).end('not a png');
    if (path === '/missing.png') return void res.writeHead(404).end();
    if (path === '/to-metadata') return void res.writeHead(302, { location: 'http://169.254.169.254/latest/' }).end();
    if (path === '/to-good') return void res.writeHead(301, { location: '/good.png' }).end();
    if (path === '/loop') return void res.writeHead(302, { location: '/loop' }).end();
    if (path === '/slow.png') {
      const timer = setTimeout(() => res.writeHead(200, { 'content-type': 'image/png' }).end(png), 3000);
      return void res.on('close', () => clearTimeout(timer));
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const options: ImageServiceOptions = { maxBytes: 100_000, timeoutMs: 1000, allowLoopback: true, cacheBytes: 1_000_000 };

function get(service: ReturnType<typeof createImageService>, url: string, w = 64, extra = '') {
  return service.respond(new Request(`http://site.test/_image?url=${encodeURIComponent(url)}&w=${w}${extra}`));
}

describe('the image endpoint', () => {
  it('resizes a good PNG to the asked width, re-encodes it as WebP, and serves it again from memory', async () => {
    const service = createImageService(options);
    const response = await get(service, `${origin}/good.png`, 128);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('cache-control')).toContain('max-age=86400');
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 128, 96]);
    const before = hits;
    expect((await get(service, `${origin}/good.png`, 128)).status).toBe(200);
    expect(hits).toBe(before);
    expect(service.stats().entries).toBe(1);
  });

  it('makes a square icon with fit=icon and never enlarges full-width images', async () => {
    const service = createImageService(options);
    const icon = await get(service, `${origin}/good.png`, 48, '&fit=icon');
    const iconMeta = await sharp(Buffer.from(await icon.arrayBuffer())).metadata();
    expect([iconMeta.width, iconMeta.height, iconMeta.hasAlpha]).toEqual([48, 48, false]);
    const wide = await get(service, `${origin}/good.png`, 1920);
    expect((await sharp(Buffer.from(await wide.arrayBuffer())).metadata()).width).toBe(400);
  });

  it('follows a redirect on the same allowed host', async () => {
    expect((await get(createImageService(options), `${origin}/to-good`)).status).toBe(200);
  });

  it('refuses other schemes, bad widths and bad parameters before fetching anything', async () => {
    const service = createImageService(options);
    const before = hits;
    expect((await get(service, 'file:///etc/passwd')).status).toBe(400);
    expect((await get(service, 'ftp://example.com/a.png')).status).toBe(400);
    expect((await get(service, 'javascript:alert(1)')).status).toBe(400);
    expect((await get(service, `${origin}/good.png`, 65)).status).toBe(400);
    expect((await get(service, `${origin}/good.png`, 64, '&fit=fill')).status).toBe(400);
    expect((await service.respond(new Request('http://site.test/_image?w=64'))).status).toBe(400);
    expect(hits).toBe(before);
  });

  it('refuses private, loopback and metadata addresses, also behind DNS names and redirects', async () => {
    const strict = createImageService({ ...options, allowLoopback: false });
    const before = hits;
    const port = new URL(origin).port;
    for (const url of [
      `${origin}/good.png`,
      `http://localhost:${port}/good.png`,
      `http://[::ffff:127.0.0.1]:${port}/good.png`,
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/a.png',
    ]) {
      const response = await get(strict, url);
      expect(response.status, url).toBe(403);
      expect(response.headers.get('content-type')).toBe('image/png');
    }
    expect(hits).toBe(before);
    // A public-looking start may not redirect to a private address.
    expect((await get(createImageService(options), `${origin}/to-metadata`)).status).toBe(403);
    expect((await get(createImageService(options), `${origin}/loop`)).status).toBe(502);
  });

  it('stops at the size cap (declared or streamed) and the time cap', async () => {
    const small = createImageService({ ...options, maxBytes: 50_000 });
    expect(bigPng.length).toBeGreaterThan(50_000);
    expect((await get(small, `${origin}/big.png`)).status).toBe(413);
    expect((await get(small, `${origin}/big-chunked.png`)).status).toBe(413);
    expect((await get(createImageService({ ...options, timeoutMs: 200 }), `${origin}/slow.png`)).status).toBe(504);
  });

  it('accepts only image types that decode (SVG is rasterized to WebP); HTML and garbage are refused', async () => {
    const service = createImageService(options);
    expect((await get(service, `${origin}/page.html`)).status).toBe(415);
    const badge = await get(service, `${origin}/logo.svg`, 1920);
    expect(badge.status).toBe(200);
    const badgeMeta = await sharp(Buffer.from(await badge.arrayBuffer())).metadata();
    expect([badgeMeta.format, badgeMeta.width]).toEqual(['webp', 90]);
    expect((await get(service, `${origin}/garbage.png`)).status).toBe(415);
    const missing = await get(service, `${origin}/missing.png`);
    expect(missing.status).toBe(502);
    // A failure is an image too (a transparent pixel): the letter avatar behind it shows.
    expect((await sharp(Buffer.from(await missing.arrayBuffer())).metadata()).width).toBe(1);
  });

  it('keeps the cache within its byte budget', async () => {
    const service = createImageService({ ...options, cacheBytes: 3000 });
    for (const w of [256, 384, 640]) await get(service, `${origin}/good.png`, w);
    expect(service.stats().bytes).toBeLessThanOrEqual(3000);
  });
});
