import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../clock.ts';
import { ENTRY_OVERHEAD_BYTES } from './image-cache.ts';
import { IMAGE_ERROR_STATUS } from './image-errors.ts';
import { createImageService, type ImageServiceOptions } from './image-service.ts';
import { createImageUrlSigner } from './image-url-signer.ts';

// The image endpoint against a real local HTTP server (loopback allowed for it, as in the browser
// tests) and real sharp: signatures, schemes, addresses, redirects, caps, content types, resizing,
// caching (bytes and time, on an injected clock), the per-client budget and the work bound.

let server: Server;
let origin = '';
let hits = 0;
let png: Buffer;
let bigPng: Buffer;
/** Responses of /hold.png wait here until the test lets them go. */
const held: Array<() => void> = [];

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
    if (path.startsWith('/missing.png')) return void res.writeHead(404).end();
    if (path === '/hold.png') {
      return void held.push(() => res.writeHead(200, { 'content-type': 'image/png' }).end(png));
    }
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

const signer = createImageUrlSigner('image-service-test-secret');
const options: ImageServiceOptions = {
  maxBytes: 100_000,
  timeoutMs: 1000,
  allowLoopback: true,
  cacheBytes: 1_000_000,
  signer,
};

/** A clock the test moves by hand. */
function manualClock(start = Date.UTC(2026, 0, 1)): Clock & { advance(ms: number): void } {
  let now = start;
  return { now: () => new Date(now), advance: (ms) => (now += ms) };
}

/** A URL as a page renders it: signed for its width and fit. */
function signedUrl(url: string, w = 64, extra = '') {
  const fit = extra.includes('fit=icon') ? 'icon' : 'inside';
  const s = /[?&]fit=[^i]/.test(`?${extra}`) ? 'x' : signer.sign(url, w, fit);
  return `http://site.test/_image?url=${encodeURIComponent(url)}&w=${w}${extra}&s=${s}`;
}

function get(service: ReturnType<typeof createImageService>, url: string, w = 64, extra = '', client?: string) {
  return service.respond(new Request(signedUrl(url, w, extra)), client);
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

describe('what the endpoint fetches: only URLs this site signed', () => {
  it('refuses an unsigned, wrongly signed or re-sized URL with 403 and fetches nothing', async () => {
    const service = createImageService(options);
    const url = `${origin}/good.png`;
    const plain = `http://site.test/_image?url=${encodeURIComponent(url)}&w=64`;
    const before = hits;
    for (const request of [
      plain,
      `${plain}&s=`,
      `${plain}&s=${createImageUrlSigner('another-secret').sign(url, 64, 'inside')}`,
      `${plain}&s=${signer.sign(url, 128, 'inside')}`,
      `${plain}&s=${signer.sign(url, 64, 'icon')}`,
      `${plain}&s=${signer.sign(`${url}?other`, 64, 'inside')}`,
    ]) {
      const response = await service.respond(new Request(request));
      expect(response.status, request).toBe(403);
      expect(response.headers.get('x-image-error')).toBe('signature');
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
    expect(hits).toBe(before);
    expect((await service.respond(new Request(`${plain}&s=${signer.sign(url, 64, 'inside')}`))).status).toBe(200);
  });
});

describe('the cache counts what entries really cost, and lets them expire', () => {
  it('charges a refused URL its key and bookkeeping, not just the 68-byte pixel', async () => {
    const strict = createImageService({ ...options, allowLoopback: false, cacheBytes: 1_000_000 });
    const long = `http://10.0.0.1/${'a'.repeat(2000)}.png`;
    expect((await get(strict, long)).status).toBe(403);
    expect(strict.stats().bytes).toBeGreaterThanOrEqual(long.length + ENTRY_OVERHEAD_BYTES);
  });

  it('holds no more refused URLs than their real size fits in the byte bound', async () => {
    const strict = createImageService({ ...options, allowLoopback: false, cacheBytes: 20_000 });
    for (let i = 0; i < 30; i++) await get(strict, `http://10.0.0.1/${i}-${'a'.repeat(2000)}.png`);
    expect(strict.stats().bytes).toBeLessThanOrEqual(20_000);
    expect(strict.stats().entries).toBeLessThanOrEqual(Math.floor(20_000 / (2000 + ENTRY_OVERHEAD_BYTES)));
  });

  it('drops an expired entry when asked for it, and sweeps the others as new entries come', async () => {
    const clock = manualClock();
    const service = createImageService({ ...options, clock, failureTtlSeconds: 300 });
    for (let i = 0; i < 5; i++) expect((await get(service, `${origin}/missing.png?${i}`)).status).toBe(502);
    expect(service.stats().entries).toBe(5);
    const before = hits;
    expect((await get(service, `${origin}/missing.png?0`)).status).toBe(502);
    expect(hits).toBe(before); // still fresh: from memory

    clock.advance(301_000);
    expect((await get(service, `${origin}/missing.png?0`)).status).toBe(502);
    expect(hits).toBe(before + 1); // expired: asked again
    // That insertion swept the four expired ones nobody asked for again.
    expect(service.stats().entries).toBe(1);
  });
});

describe('work is bounded: per client, in pixels, and in images at once', () => {
  it('answers 429 with Retry-After once a client spent its budget of new images; hits are free', async () => {
    const clock = manualClock();
    const service = createImageService({ ...options, clock, clientBudget: { perMinute: 60, burst: 2 } });
    expect((await get(service, `${origin}/good.png`, 16, '', '203.0.113.7')).status).toBe(200);
    expect((await get(service, `${origin}/good.png`, 32, '', '203.0.113.7')).status).toBe(200);
    const refused = await get(service, `${origin}/good.png`, 48, '', '203.0.113.7');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(refused.headers.get('cache-control')).toBe('no-store');
    expect(refused.headers.get('x-image-error')).toBe('rate-limited');
    // Cached images cost nothing; another client has its own budget.
    expect((await get(service, `${origin}/good.png`, 16, '', '203.0.113.7')).status).toBe(200);
    expect((await get(service, `${origin}/good.png`, 48, '', '198.51.100.9')).status).toBe(200);
    // Addresses of one IPv6 /64 share a budget.
    expect((await get(service, `${origin}/good.png`, 64, '', '2001:db8:1:2::1')).status).toBe(200);
    expect((await get(service, `${origin}/good.png`, 96, '', '2001:db8:1:2::2')).status).toBe(200);
    expect((await get(service, `${origin}/good.png`, 128, '', '2001:db8:1:2::3')).status).toBe(429);
    clock.advance(1000);
    expect((await get(service, `${origin}/good.png`, 640, '', '203.0.113.7')).status).toBe(200);
  });

  it('refuses a picture with more pixels than the decoder may open (413), whatever its file size', async () => {
    const service = createImageService({ ...options, maxBytes: 5_000_000, maxInputPixels: 100_000 });
    const response = await get(service, `${origin}/big.png`); // 800 × 800
    expect(response.status).toBe(413);
    expect(response.headers.get('x-image-error')).toBe('too-many-pixels');
  });

  it('answers 503 busy (not remembered) when the server already has as many images in hand as it takes', async () => {
    const service = createImageService({ ...options, maxPending: 1 });
    const first = get(service, `${origin}/hold.png`);
    const busy = await get(service, `${origin}/good.png`);
    expect(busy.status).toBe(503);
    expect(busy.headers.get('retry-after')).toBe('1');
    expect(busy.headers.get('x-image-error')).toBe('busy');
    await expect.poll(() => held.length).toBe(1);
    held.shift()!();
    expect((await first).status).toBe(200);
    expect((await get(service, `${origin}/good.png`)).status).toBe(200);
  });
});

describe('x-image-error', () => {
  it('names the reason from a fixed list, never the network error (hosts, addresses, errno)', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const service = createImageService(options);
    const strict = createImageService({ ...options, allowLoopback: false });
    const cases: Array<[Promise<Response>, string]> = [
      [get(service, `http://127.0.0.1:${port}/gone.png`), 'network'],
      [get(strict, `http://localhost:${new URL(origin).port}/good.png`), 'address'],
      [get(service, `${origin}/missing.png`), 'upstream-status'],
      [get(service, `${origin}/garbage.png`), 'decode'],
      [get(service, `${origin}/page.html`), 'content-type'],
      [get(service, `${origin}/loop`), 'too-many-redirects'],
    ];
    for (const [pending, reason] of cases) {
      const response = await pending;
      expect(response.headers.get('x-image-error')).toBe(reason);
      expect(Object.keys(IMAGE_ERROR_STATUS)).toContain(reason);
      expect(response.status).toBe(IMAGE_ERROR_STATUS[reason as keyof typeof IMAGE_ERROR_STATUS]);
    }
  });
});
