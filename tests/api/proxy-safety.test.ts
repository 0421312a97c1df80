import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from 'node:net';
import { ban, createKey, customerAccount, signedInUser, type Account } from '#test/fake-vendor-accounts.ts';
import { startFakeVendor, type FakeVendor } from '#test/fake-vendor.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

/** A port nothing listens on (bound, then released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('vendor proxy: failures, limits, SSRF and authorization', () => {
  let t: TestApp;
  let fake: FakeVendor;
  let customer: Account;

  beforeAll(async () => {
    fake = await startFakeVendor();
    const deadPort = await closedPort();
    t = await createTestApp({
      config: {
        vendorProxy: {
          vendors: {
            luma: { baseUrl: `${fake.url}/luma`, apiKey: 'key-luma' },
            runway: { baseUrl: `${fake.url}/runway`, apiKey: 'key-runway' },
            minimax: { baseUrl: `${fake.url}/minimax`, apiKey: 'key-minimax' },
            pixverse: { baseUrl: `${fake.url}/pixverse`, apiKey: 'key-pixverse' },
            stability: { baseUrl: `${fake.url}/stability`, apiKey: 'key-stability' },
            vidu: { baseUrl: `http://127.0.0.1:${deadPort}`, apiKey: 'key-vidu' },
          },
          timeoutMs: 300,
          maxResponseBytes: 4096,
        },
      },
    });
    customer = await customerAccount(t);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  async function expectNoVendorCall(path: string, expected: number[]) {
    const before = fake.requests.length;
    const response = await customer.get(path);
    expect(expected, `${path} answered ${response.status}`).toContain(response.status);
    expect(fake.requests.length, `${path} reached the vendor`).toBe(before);
    return response;
  }

  it('answers 504 when the vendor is too slow, and records the attempt', async () => {
    const response = await customer.get('/proxy/luma/generations/slow-task');
    expect(response.status).toBe(504);
    expect(await response.json()).toMatchObject({ error: 'vendor_timeout' });
    const events = await (await customer.get('/customers/events?filter=api_usage&limit=1')).json();
    expect(events.events[0].params).toMatchObject({ vendor: 'luma', status: 504 });
  });

  it('answers 502 for an oversized answer, a redirect (not followed) or an unreachable vendor', async () => {
    const huge = await customer.get('/proxy/luma/generations/huge-task');
    expect(huge.status).toBe(502);
    expect(await huge.json()).toMatchObject({ error: 'vendor_response_too_large' });

    const before = fake.requests.length;
    const redirect = await customer.get('/proxy/runway/tasks/redirect-task');
    expect(redirect.status).toBe(502);
    expect(await redirect.json()).toMatchObject({ error: 'vendor_redirect' });
    expect(fake.requests.length).toBe(before + 1);

    const dead = await customer.get('/proxy/vidu/tasks/v1/creations');
    expect(dead.status).toBe(502);
    expect(await dead.json()).toMatchObject({ error: 'vendor_unreachable' });
  });

  it('relays only JSON (and raster images where the contract returns them): HTML or SVG is a 502', async () => {
    for (const path of [
      '/proxy/luma/generations/html-task',
      '/proxy/luma/generations/image-task',
      '/proxy/luma/generations/video-task',
    ]) {
      const response = await customer.get(path);
      expect(response.status, path).toBe(502);
      expect(await response.json()).toMatchObject({ error: 'vendor_unsupported_type' });
    }
    const html = await customer.get('/proxy/runway/tasks/html-task');
    expect(html.status).toBe(502);
    const body = await html.text();
    expect(body).toContain('text/html');
    expect(body).not.toContain('<script>');
    expect(html.headers.get('content-type')).toMatch(/^application\/json/);
    // Even the route that relays images refuses SVG, which can carry script.
    const svg = await customer.get('/proxy/stability/v2beta/results/svg-task', { headers: { Accept: 'image/*' } });
    expect(svg.status).toBe(502);
    expect(await svg.json()).toMatchObject({ error: 'vendor_unsupported_type' });
    const png = await customer.get('/proxy/stability/v2beta/results/image-task', { headers: { Accept: 'image/*' } });
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(png.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers 503 for a vendor without configuration', async () => {
    const response = await expectNoVendorCall('/proxy/kling/v1/videos/text2video/t1', [503]);
    expect(await response.json()).toMatchObject({ error: 'vendor_not_configured' });
    const bare = await createTestApp();
    try {
      const other = await customerAccount(bare);
      expect((await other.get('/proxy/luma/generations/abc')).status).toBe(503);
    } finally {
      await bare.close();
    }
  });

  it('answers 404 for paths that are not proxied task-status GETs', async () => {
    await expectNoVendorCall('/proxy/kling/v1/videos/unknown-kind/t1', [404]);
    await expectNoVendorCall('/proxy/evilcorp/tasks/1', [404]);
    await expectNoVendorCall('/proxy/luma/generations', [404]);
    await expectNoVendorCall('/proxy/luma/generations/a/b', [404]);
    const before = fake.requests.length;
    const post = await customer.get('/proxy/luma/generations/abc', { method: 'POST', json: {} });
    expect(post.status).toBe(404);
    expect(fake.requests.length).toBe(before);
  });

  it('rejects path and query tricks before any vendor call', async () => {
    const tricks = [
      '/proxy/luma/generations/..',
      '/proxy/luma/generations/%2e%2e',
      '/proxy/luma/generations/.',
      '/proxy/luma/generations/a%2F..%2F..%2Fadmin',
      '/proxy/luma/generations/%2F%2Fevil.test%2Fx',
      '/proxy/luma/generations/http%3A%2F%2Fevil.test',
      '/proxy/luma/generations/http:%2F%2F169.254.169.254',
      '/proxy/luma/generations/a%3Fx%3D1',
      '/proxy/luma/generations/a%23frag',
      '/proxy/luma/generations/a%5C..%5Cb',
      '/proxy/luma/generations/a%00b',
      '/proxy/luma/generations/a%20b',
      '/proxy/luma/generations/%252e%252e',
      `/proxy/luma/generations/${'a'.repeat(201)}`,
      '/proxy/runway/tasks/@evil.test',
      '/proxy/pixverse/video/result/12a',
      '/proxy/minimax/query/video_generation',
      '/proxy/minimax/query/video_generation?task_id=..%2F..%2Fadmin',
      '/proxy/minimax/query/video_generation?task_id=http://evil.test/',
    ];
    for (const path of tricks) await expectNoVendorCall(path, [400, 404]);
  });

  it('keeps a vendor-relative base path: requests stay under the base URL', async () => {
    await customer.get('/proxy/luma/generations/plain-id');
    expect(fake.requests.at(-1)!.url).toBe('/luma/generations/plain-id');
    await customer.get('/proxy/minimax/query/video_generation?task_id=abc&url=http://evil.test');
    expect(fake.requests.at(-1)!.url).toBe('/minimax/query/video_generation?task_id=abc');
  });

  it('needs a caller (401), a customer record (403) and an unbanned user (403)', async () => {
    const anonymous = await t.request('/proxy/luma/generations/abc');
    expect(anonymous.status).toBe(401);
    expect((await t.request('/proxy/luma/generations/abc', { headers: { 'X-API-KEY': 'nyd_ak_nope' } })).status).toBe(
      401,
    );
    expect((await t.request('/proxy/luma/generations/abc', { token: 'forged' })).status).toBe(401);

    const noCustomer = await signedInUser(t);
    const before = fake.requests.length;
    const refused = await noCustomer.get('/proxy/luma/generations/abc');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: 'customer_required' });

    const banned = await customerAccount(t);
    const key = await createKey(banned);
    await ban(t, banned);
    expect((await banned.get('/proxy/luma/generations/abc')).status).toBe(403);
    expect((await t.request('/proxy/luma/generations/abc', { headers: { 'X-API-KEY': key.key } })).status).toBe(403);
    expect(fake.requests.length).toBe(before);
  });

  it('stops honouring a key as soon as it is deleted', async () => {
    const owner = await customerAccount(t);
    const key = await createKey(owner);
    expect((await t.request('/proxy/luma/generations/abc', { headers: { 'X-API-KEY': key.key } })).status).toBe(200);
    await owner.get(`/customers/api-keys/${key.id}`, { method: 'DELETE' });
    expect((await t.request('/proxy/luma/generations/abc', { headers: { 'X-API-KEY': key.key } })).status).toBe(401);
  });
});
