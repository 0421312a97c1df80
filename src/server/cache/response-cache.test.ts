import { getRequestListener } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { publisherScene, type PublisherScene } from '#test/authz/scene.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { installCountsSettled } from '../services/nodes/count-install.ts';
import { nodes } from '../db/schema/index.ts';
import { seedNode } from '#test/routes/node-read-fixtures.ts';
import { createApp } from '../app.ts';
import { startResponseCache, type RunningResponseCache } from './start-response-cache.ts';

// The cache in front of the real API on a real database, over real HTTP (one instance; the
// two-instance behaviour on PostgreSQL is in tests/api/multi-instance.test.ts).

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function request(
  base: string,
  path: string,
  init: { method?: string; headers?: Record<string, string>; json?: unknown } = {},
) {
  return new Promise<Answer>((resolve, reject) => {
    const payload = init.json === undefined ? undefined : JSON.stringify(init.json);
    const req = http.request(`${base}${path}`, {
      method: init.method ?? 'GET',
      headers: { ...(payload ? { 'content-type': 'application/json' } : {}), ...init.headers },
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(payload);
  });
}

const json = (answer: Answer) => JSON.parse(answer.body.toString('utf8')) as Record<string, unknown>;
const LONG = 'A pack of nodes that upscale images. '.repeat(40);

describe('response cache', () => {
  let t: TestApp;
  let s: PublisherScene;
  let cache: RunningResponseCache;
  let server: http.Server;
  let base: string;
  let off: http.Server;
  let offBase: string;
  /** How often the app itself was asked for each URL (what the cache let through). */
  const renders = new Map<string, number>();
  /** Renders of these URLs wait for the promise (to line requests up). */
  const held = new Map<string, Promise<void>>();
  /** URLs whose client went away before its answer was sent. */
  const abandoned = new Set<string>();

  const listen = async (target: http.Server) => {
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
  };

  beforeAll(async () => {
    t = await createTestApp();
    s = await publisherScene(t);
    await seedNode(t.services.db, {
      id: 'cached-pack',
      name: 'Cached Pack',
      description: LONG,
      publisher: s.publisher,
      versions: [{ version: '1.0.0' }],
    });
    await t.syncSearch({ full: true });
    // Behind one trusted proxy, like the API app below: X-Forwarded-For names the client.
    const env = {
      RESPONSE_CACHE_MAX_BYTES: 8 * 1024 * 1024,
      RESPONSE_CACHE_TTL_SECONDS: 300,
      DATABASE_URL: undefined,
      TRUST_PROXY: false,
      TRUST_PROXY_HOPS: 1,
    };
    cache = startResponseCache(env, t);
    const listener = getRequestListener(createApp(t.services, { proxyHops: 1 }).fetch);
    server = http.createServer(
      cache.wrap('api', (req, res) => {
        renders.set(req.url ?? '', (renders.get(req.url ?? '') ?? 0) + 1);
        res.once('close', () => {
          if (!res.writableFinished) abandoned.add(req.url ?? '');
        });
        // Like `send` serving a file, nothing is written to a client that has gone away meanwhile.
        void (held.get(req.url ?? '') ?? Promise.resolve()).then(() => {
          if (!res.destroyed) void listener(req, res);
        });
      }),
    );
    base = await listen(server);
    const disabled = startResponseCache({ ...env, RESPONSE_CACHE_MAX_BYTES: 0 }, t);
    off = http.createServer(disabled.wrap('api', (req, res) => void listener(req, res)));
    offBase = await listen(off);
  });
  afterAll(async () => {
    await Promise.all([server, off].filter(Boolean).map((target) => new Promise((resolve) => target.close(resolve))));
    await cache?.close();
    await t?.close();
  });

  it('answers the second anonymous read from memory, in the encoding the client takes', async () => {
    const first = await request(base, '/nodes/cached-pack', { headers: { 'accept-encoding': 'br' } });
    expect(first.status).toBe(200);
    expect(first.headers['x-nodeyard-cache']).toBe('MISS');
    const plain = brotliDecompressSync(first.body).toString('utf8');
    expect(JSON.parse(plain)).toMatchObject({ id: 'cached-pack', name: 'Cached Pack' });

    const br = await request(base, '/nodes/cached-pack', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers).toMatchObject({ 'x-nodeyard-cache': 'HIT', 'content-encoding': 'br' });
    expect(br.headers['vary']).toMatch(/Accept-Encoding/);
    expect(brotliDecompressSync(br.body).toString('utf8')).toBe(plain);
    // Stored once, compressed: the entry is smaller than the page it answers (until a client without
    // brotli asks: then the body derived for it is kept beside).
    expect(cache.store.stats().bytes).toBeLessThan(plain.length);
    const gzip = await request(base, '/nodes/cached-pack', { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers).toMatchObject({ 'x-nodeyard-cache': 'HIT', 'content-encoding': 'gzip' });
    expect(gunzipSync(gzip.body).toString('utf8')).toBe(plain);
    const identity = await request(base, '/nodes/cached-pack');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.toString('utf8')).toBe(plain);
    expect(identity.headers['etag']).toBe(first.headers['etag']);
    expect(identity.headers['cache-control']).toMatch(/public/);
    // What the answer shows, for a CDN in front.
    expect(identity.headers['surrogate-key']).toBe(`node:cached-pack publisher:${s.publisher.id} advisories`);
    expect(identity.headers['cache-tag']).toBe(`node:cached-pack,publisher:${s.publisher.id},advisories`);
  });

  it('gives a kept answer the ETag the API gives it uncached, and leaves the API its own for one not kept', async () => {
    // Rendered for the cache, the API leaves hashing the body to the cache: the result must not differ.
    const kept = await request(base, '/nodes/cached-pack?etag-check=1');
    expect(kept.headers['x-nodeyard-cache']).toBe('MISS');
    const direct = await request(offBase, '/nodes/cached-pack?etag-check=1');
    expect(kept.headers['etag']).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect(kept.headers['etag']).toBe(direct.headers['etag']);
    // Under a minimum release age the list declares no cache keys: passed through, with the API's ETag.
    const passed = await request(base, '/nodes?min_age=72h');
    expect(passed.status).toBe(200);
    expect(passed.headers['x-nodeyard-cache']).toBeUndefined();
    expect(passed.headers['surrogate-key']).toBeUndefined();
    expect(passed.headers['etag']).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    const again = await request(base, '/nodes?min_age=72h', { headers: { 'if-none-match': passed.headers['etag']! } });
    expect(again.status).toBe(304);
  });

  it('answers a matching If-None-Match with an empty 304', async () => {
    const { headers } = await request(base, '/nodes/cached-pack');
    const again = await request(base, '/nodes/cached-pack', { headers: { 'if-none-match': String(headers['etag']) } });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers['etag']).toBe(headers['etag']);
    const other = await request(base, '/nodes/cached-pack', { headers: { 'if-none-match': '"something-else"' } });
    expect(other.status).toBe(200);
  });

  it('never answers signed-in requests from the cache (token, API key, session cookie)', async () => {
    await request(base, '/nodes/cached-pack');
    for (const headers of [
      { authorization: `Bearer ${s.member.token}` },
      { 'x-api-key': 'comfy_key' },
      { cookie: 'nodeyard-lang=fr; session=abc' },
    ]) {
      const answer = await request(base, '/nodes/cached-pack', { headers });
      expect(answer.headers['x-nodeyard-cache'], JSON.stringify(headers)).toBeUndefined();
    }
    const languageOnly = await request(base, '/nodes/cached-pack', { headers: { cookie: 'nodeyard-lang=fr' } });
    expect(languageOnly.headers['x-nodeyard-cache']).toBe('HIT');
  });

  it('serves an edit through this instance at once', async () => {
    await request(base, '/nodes/cached-pack');
    expect((await request(base, '/nodes/cached-pack')).headers['x-nodeyard-cache']).toBe('HIT');
    const edit = await request(base, `/publishers/${s.publisher.id}/nodes/cached-pack`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${s.member.token}` },
      json: { name: 'Renamed Pack', description: LONG },
    });
    expect(edit.status, edit.body.toString('utf8')).toBe(200);
    const after = await request(base, '/nodes/cached-pack');
    expect(after.headers['x-nodeyard-cache']).toBe('MISS');
    expect(json(after)).toMatchObject({ name: 'Renamed Pack' });
  });

  it('never serves a banned pack from the cache after the ban', async () => {
    await seedNode(t.services.db, { id: 'soon-banned', description: LONG, publisher: s.publisher, versions: [] });
    await request(base, '/nodes/soon-banned');
    expect((await request(base, '/nodes/soon-banned')).headers['x-nodeyard-cache']).toBe('HIT');
    const ban = await request(base, `/publishers/${s.publisher.id}/nodes/soon-banned/ban`, {
      method: 'POST',
      headers: { authorization: `Bearer ${s.admin.token}` },
      json: { reason: 'malware' },
    });
    expect(ban.status).toBe(204);
    expect((await request(base, '/nodes/soon-banned')).status).toBe(403);
  });

  it('drops what a change in the change feed names, and only that (a write from elsewhere)', async () => {
    await seedNode(t.services.db, { id: 'bystander', description: LONG, publisher: s.publisher, versions: [] });
    await t.syncSearch();
    for (const path of ['/nodes/cached-pack', '/nodes/bystander']) await request(base, path);
    expect((await request(base, '/nodes/cached-pack')).headers['x-nodeyard-cache']).toBe('HIT');
    // As a job, an import or another instance would: straight to the database, no timestamp touched.
    await t.services.db.update(nodes).set({ name: 'Changed Elsewhere' }).where(eq(nodes.id, 'cached-pack'));
    // Until the feed is read the stale entry is still what the cache holds…
    expect(json(await request(base, '/nodes/cached-pack'))).toMatchObject({ name: 'Renamed Pack' });
    // …the next pass (a NOTIFY, or the poll every 500 ms on a server) drops it, and nothing else.
    await t.syncSearch();
    const after = await request(base, '/nodes/cached-pack');
    expect(after.headers['x-nodeyard-cache']).toBe('MISS');
    expect(json(after)).toMatchObject({ name: 'Changed Elsewhere' });
    expect((await request(base, '/nodes/bystander')).headers['x-nodeyard-cache']).toBe('HIT');
  });

  it('purges nothing for requests that change nothing: a resolve, a search, a failed write', async () => {
    await request(base, '/nodes/cached-pack');
    const purged = cache.store.stats().purged;
    const resolve = await request(base, '/workflows/resolve', {
      method: 'POST',
      json: { nodes: [{ id: 1, type: 'KSampler' }] },
    });
    expect(resolve.status).toBeLessThan(500);
    await request(base, '/nodes/search?search=sampler');
    const refused = await request(base, `/publishers/${s.publisher.id}/nodes/cached-pack`, {
      method: 'PUT',
      json: { name: 'Not Allowed' },
    });
    expect(refused.status).toBe(401);
    await t.syncSearch();
    expect(cache.store.stats().purged).toBe(purged);
    expect((await request(base, '/nodes/cached-pack')).headers['x-nodeyard-cache']).toBe('HIT');
  });

  it('renders once for simultaneous misses of one key and shares the answer', async () => {
    const path = '/nodes/cached-pack/versions';
    let arrived = 0;
    const count = () => arrived++;
    server.on('request', count);
    // The first render waits until all ten requests reached the server, so they are truly simultaneous.
    let release!: () => void;
    held.set(path, new Promise<void>((resolve) => (release = resolve)));
    try {
      const answers = Promise.all(Array.from({ length: 10 }, () => request(base, path)));
      await vi.waitFor(() => expect(arrived).toBe(10), { timeout: 10_000, interval: 10 });
      release();
      const bodies = (await answers).map((answer) => [answer.status, answer.body.toString('utf8')] as const);
      expect(bodies.map(([status]) => status)).toEqual(Array(10).fill(200));
      expect(new Set(bodies.map(([, body]) => body)).size).toBe(1);
      expect(renders.get(path)).toBe(1);
    } finally {
      server.off('request', count);
      held.delete(path);
    }
  });

  it('lets the next request for a URL through when the one rendering it was abandoned by its client', async () => {
    const path = '/nodes/cached-pack/versions?abandoned=1';
    let release!: () => void;
    held.set(path, new Promise<void>((resolve) => (release = resolve)));
    try {
      const client = new AbortController();
      void fetch(`${base}${path}`, { signal: client.signal }).catch(() => null);
      await vi.waitFor(() => expect(renders.get(path)).toBe(1), { timeout: 10_000, interval: 10 });
      client.abort();
      await vi.waitFor(() => expect(abandoned.has(path)).toBe(true), { timeout: 10_000, interval: 10 });
      release();
      // Before, the abandoned render never settled and this request waited for it for ever.
      const next = await request(base, path);
      expect(next.status).toBe(200);
      expect(renders.get(path)).toBe(2);
    } finally {
      held.delete(path);
    }
  });

  it("records a cached search for each request's own client, hits included", async () => {
    t.services.search.drainRecordedQueries();
    const clients = ['192.0.2.1', '192.0.2.2', '192.0.2.3', '192.0.2.1'];
    for (const [i, client] of clients.entries()) {
      const answer = await request(base, '/nodes/search?search=upscale', { headers: { 'x-forwarded-for': client } });
      expect(answer.status).toBe(200);
      expect(answer.headers['x-nodeyard-cache']).toBe(i === 0 ? 'MISS' : 'HIT');
    }
    // The render's client and each hit's own; the first client's repeat counts once.
    expect(t.services.search.drainRecordedQueries()).toEqual([
      { text: 'upscale', client: '192.0.2.1' },
      { text: 'upscale', client: '192.0.2.2' },
      { text: 'upscale', client: '192.0.2.3' },
    ]);
  });

  it('never caches installs: each one reaches the counter (one per client and version per hour)', async () => {
    const before = (await t.services.db.select().from(nodes).where(eq(nodes.id, 'cached-pack')))[0]!.totalInstall;
    for (let i = 0; i < 2; i++) {
      const answer = await request(base, '/nodes/cached-pack/install?version=1.0.0');
      expect(answer.status).toBe(200);
      expect(answer.headers['x-nodeyard-cache']).toBeUndefined();
    }
    await installCountsSettled();
    const after = (await t.services.db.select().from(nodes).where(eq(nodes.id, 'cached-pack')))[0]!.totalInstall;
    // The same client twice within the hour counts once (install-count inflation guard).
    expect(after - before).toBe(1);
  });

  it('serves a client without brotli on a miss from the body it rendered, and keeps brotli', async () => {
    const miss = await request(base, '/nodes?limit=5', { headers: { 'accept-encoding': 'gzip' } });
    expect(miss.headers).toMatchObject({ 'x-nodeyard-cache': 'MISS', 'content-encoding': 'gzip' });
    const plain = gunzipSync(miss.body).toString('utf8');
    expect((JSON.parse(plain) as { nodes: { id: string }[] }).nodes.map((node) => node.id)).toContain('cached-pack');
    const hit = await request(base, '/nodes?limit=5', { headers: { 'accept-encoding': 'br' } });
    expect(hit.headers).toMatchObject({ 'x-nodeyard-cache': 'HIT', 'content-encoding': 'br' });
    expect(brotliDecompressSync(hit.body).toString('utf8')).toBe(plain);
  });

  it('keeps errors out of the cache and compresses them as before', async () => {
    for (let i = 0; i < 2; i++) {
      const missing = await request(base, '/nodes/no-such-pack');
      expect(missing.status).toBe(404);
      expect(missing.headers['x-nodeyard-cache']).toBeUndefined();
    }
  });

  it('is off with RESPONSE_CACHE_MAX_BYTES=0', async () => {
    for (let i = 0; i < 2; i++) {
      const answer = await request(offBase, '/nodes/cached-pack', { headers: { 'accept-encoding': 'gzip' } });
      expect(answer.status).toBe(200);
      expect(answer.headers['x-nodeyard-cache']).toBeUndefined();
      expect(answer.headers['content-encoding']).toBe('gzip');
    }
  });
});
