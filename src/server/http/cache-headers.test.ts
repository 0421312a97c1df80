import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { nodes } from '../db/schema/index.ts';
import { installCountsSettled } from '../services/nodes/count-install.ts';
import { insertNode, insertPublisher, insertVersion } from '#test/factories.ts';
import { signUp } from '#test/firebase-emulator.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { etagMatches, publicCacheControl } from './cache-headers.ts';

describe('HTTP caching middleware', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.services.db;
    const publisher = await insertPublisher(db, { id: 'cache-pub' });
    await insertNode(db, { id: 'cached-node', publisherId: publisher.id, description: 'first' });
    await insertVersion(db, { nodeId: 'cached-node', version: '1.0.0' });
    token = (await signUp()).idToken;
  });
  afterAll(() => t.close());

  const etagOf = async (path: string) => {
    const response = await t.request(path);
    expect(response.status).toBe(200);
    return response.headers.get('etag');
  };

  it('gives anonymous JSON GETs a stable quoted ETag, public Cache-Control and Vary', async () => {
    const response = await t.request('/nodes/cached-node');
    expect(response.status).toBe(200);
    expect(response.headers.get('etag')).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=120');
    const vary = (response.headers.get('vary') ?? '').split(',').map((v) => v.trim());
    expect(vary).toEqual(expect.arrayContaining(['Origin', 'Authorization']));
    expect(new Set(vary).size).toBe(vary.length);
    expect(await etagOf('/nodes/cached-node')).toBe(response.headers.get('etag'));
  });

  it('answers with the very bytes it hashed, headers kept (the body is read once, not cloned)', async () => {
    await t.services.db
      .update(nodes)
      .set({ description: 'первый — 最初 ✓ "quoted"' })
      .where(eq(nodes.id, 'cached-node'));
    const response = await t.request('/nodes/cached-node');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(JSON.parse(new TextDecoder().decode(bytes)).description).toBe('первый — 最初 ✓ "quoted"');
    expect(response.headers.get('etag')).toBe(`"${createHash('sha256').update(bytes).digest('base64url')}"`);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('vary')).toMatch(/Authorization/);
    await t.services.db.update(nodes).set({ description: 'first' }).where(eq(nodes.id, 'cached-node'));
  });

  it('uses the short list policy for lists and a longer one for the OpenAPI document', async () => {
    const list = await t.request('/nodes');
    expect(list.status).toBe(200);
    expect(list.headers.get('cache-control')).toBe('public, max-age=30, stale-while-revalidate=60');
    expect(list.headers.get('etag')).not.toBeNull();
    const doc = await t.request('/openapi.json');
    expect(doc.status).toBe(200);
    expect(doc.headers.get('cache-control')).toBe('public, max-age=300, stale-while-revalidate=3600');
  });

  it('changes the ETag when the content changes', async () => {
    const before = await etagOf('/nodes/cached-node');
    await t.services.db.update(nodes).set({ description: 'second' }).where(eq(nodes.id, 'cached-node'));
    const after = await etagOf('/nodes/cached-node');
    expect(after).not.toBeNull();
    expect(after).not.toBe(before);
    await t.services.db.update(nodes).set({ description: 'first' }).where(eq(nodes.id, 'cached-node'));
    expect(await etagOf('/nodes/cached-node')).toBe(before);
  });

  it('answers 304 with no body to a matching If-None-Match, in a list and in W/ form', async () => {
    const etag = (await etagOf('/nodes/cached-node'))!;
    for (const ifNoneMatch of [etag, `"nope", ${etag}`, `W/${etag}`, '*']) {
      const response = await t.request('/nodes/cached-node', { headers: { 'If-None-Match': ifNoneMatch } });
      expect(response.status, ifNoneMatch).toBe(304);
      expect(await response.text()).toBe('');
      expect(response.headers.get('etag')).toBe(etag);
      expect(response.headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=120');
      expect(response.headers.get('content-type')).toBeNull();
    }
    // Under /api too: the site listener strips the prefix before the app sees it, so the same app answers.
    const head = await t.request('/nodes/cached-node', { method: 'HEAD', headers: { 'If-None-Match': etag } });
    expect(head.status).toBe(304);
  });

  it('answers 200 with the body to a non-matching If-None-Match', async () => {
    const response = await t.request('/nodes/cached-node', { headers: { 'If-None-Match': '"stale", W/"older"' } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: 'cached-node', description: 'first' });
  });

  it('never caches a request with Authorization, and never answers it 304', async () => {
    const etag = (await etagOf('/nodes/cached-node'))!;
    const response = await t.request('/nodes/cached-node', { token, headers: { 'If-None-Match': etag } });
    expect(response.status).toBe(200);
    expect(response.headers.get('etag')).toBeNull();
    expect(response.headers.get('cache-control')).toBe('private, no-store');
  });

  it('never caches install, and every install still counts', async () => {
    const count = async () => {
      await installCountsSettled();
      return (await t.services.db.select().from(nodes).where(eq(nodes.id, 'cached-node')))[0]!.totalInstall;
    };
    // Two clients (a client counts once per version per hour), behind one proxy.
    const app = createApp(t.services, { proxyHops: 1 });
    const install = (client: string, headers: Record<string, string> = {}) =>
      app.request('/nodes/cached-node/install', { headers: { 'x-forwarded-for': client, ...headers } });
    const before = await count();
    const first = await install('192.0.2.10');
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(first.headers.get('etag')).toBeNull();
    const second = await install('192.0.2.11', { 'If-None-Match': '*' });
    expect(second.status).toBe(200);
    expect(await count()).toBe(before + 2);
  });

  it('marks writes and errors no-store', async () => {
    const post = await t.request('/bulk/nodes/versions', {
      method: 'POST',
      json: { node_versions: [{ node_id: 'cached-node', version: '1.0.0' }] },
    });
    expect(post.status).toBe(200);
    expect(post.headers.get('cache-control')).toBe('private, no-store');
    expect(post.headers.get('etag')).toBeNull();

    for (const path of ['/nodes/unknown-node', '/no-such-route', '/nodes/suggest']) {
      const response = await t.request(path);
      expect(response.status, path).toBeGreaterThanOrEqual(400);
      expect(response.headers.get('cache-control'), path).toBe('private, no-store');
      expect(response.headers.get('etag'), path).toBeNull();
    }
  });

  it('keeps a route’s own Cache-Control and adds the ETag to it', async () => {
    const response = await t.request('/nodes/suggest?q=cach');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=30');
    const etag = response.headers.get('etag');
    expect(etag).not.toBeNull();
    const again = await t.request('/nodes/suggest?q=cach', { headers: { 'If-None-Match': etag! } });
    expect(again.status).toBe(304);
  });
});

describe('etagMatches / publicCacheControl', () => {
  it('compares weakly and handles lists and *', () => {
    expect(etagMatches('"a"', '"a"')).toBe(true);
    expect(etagMatches('W/"a"', '"a"')).toBe(true);
    expect(etagMatches(' "b" , W/"a"', '"a"')).toBe(true);
    expect(etagMatches('*', '"a"')).toBe(true);
    expect(etagMatches('"b"', '"a"')).toBe(false);
    expect(etagMatches('a', '"a"')).toBe(false);
    expect(etagMatches(undefined, '"a"')).toBe(false);
  });

  it('classes routes', () => {
    expect(publicCacheControl('/nodes/x/install')).toBeNull();
    expect(publicCacheControl('/nodes/search')).toContain('max-age=30');
    expect(publicCacheControl('/nodes/x')).toContain('max-age=60');
    expect(publicCacheControl('/openapi.json')).toContain('max-age=300');
  });
});
