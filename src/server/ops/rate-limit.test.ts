import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { rateLimitCounters } from '../db/schema/index.ts';
import { createTestApp, fixedClock, type TestApp } from '#test/test-app.ts';
import type { RateLimitConfig } from './rate-limit.ts';

const clock = fixedClock(new Date('2026-06-01T12:00:10Z'));
const limits: RateLimitConfig = {
  windowSeconds: 60,
  writesPerIp: 3,
  writesPerCredential: 2,
  authenticatedPerIp: 5,
};
/** One proxy in front (TRUST_PROXY=true): it appends the address it saw to X-Forwarded-For. */
const behindProxy = { rateLimits: limits, proxyHops: 1 };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const post = (app: ReturnType<typeof createApp>, ip: string, headers: Record<string, string> = {}) =>
  app.request('/publishers', {
    method: 'POST',
    headers: { 'x-forwarded-for': ip, 'content-type': 'application/json', ...headers },
    body: '{}',
  });

describe('rate limits', () => {
  it('counts writes per IP across instances and answers 429 with Retry-After', async () => {
    // Two apps on one database behave as two instances behind a load balancer.
    const one = createApp(t.services, behindProxy);
    const two = createApp(t.services, behindProxy);
    const statuses = [];
    for (const app of [one, two, one]) statuses.push((await post(app, '203.0.113.1')).status);
    expect(statuses).not.toContain(429);
    const limited = await post(two, '203.0.113.1');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('50');
    expect((await limited.json()).error).toBe('rate_limited');
    // Another client is not affected; reads without credentials are never counted.
    expect((await post(one, '203.0.113.2')).status).not.toBe(429);
    expect((await one.request('/nodes', { headers: { 'x-forwarded-for': '203.0.113.1' } })).status).toBe(200);
  });

  it('limits one credential across IPs, and starts over in the next window', async () => {
    const app = createApp(t.services, behindProxy);
    const auth = { authorization: 'Bearer nyd_pat_guess' };
    expect((await post(app, '198.51.100.1', auth)).status).not.toBe(429);
    expect((await post(app, '198.51.100.2', auth)).status).not.toBe(429);
    expect((await post(app, '198.51.100.3', auth)).status).toBe(429);
    clock.advance(60_000);
    expect((await post(app, '198.51.100.4', auth)).status).not.toBe(429);
  });

  it('throttles a client that forges rotating left-most X-Forwarded-For addresses', async () => {
    const app = createApp(t.services, behindProxy);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      // The client sends its own X-Forwarded-For; our proxy appends the address it really saw.
      statuses.push((await post(app, `10.0.${i}.1, 198.18.0.7`)).status);
    }
    expect(statuses.slice(0, 3)).not.toContain(429);
    expect(statuses.slice(3)).toEqual([429, 429, 429]);
  });

  it('takes the client that many hops from the right behind several proxies', async () => {
    const app = createApp(t.services, { rateLimits: limits, proxyHops: 2 });
    const statuses: number[] = [];
    // client-chosen junk, then the real client as seen by the outer proxy, then the outer proxy.
    for (let i = 0; i < 4; i++) statuses.push((await post(app, `10.1.${i}.1, 198.18.0.8, 192.168.0.2`)).status);
    expect(statuses.at(-1)).toBe(429);
    // Another real client behind the same proxies has its own budget.
    expect((await post(app, '10.1.0.1, 198.18.0.9, 192.168.0.2')).status).not.toBe(429);
  });

  it('ignores X-Forwarded-For without trusted proxies', async () => {
    const app = createApp(t.services, { rateLimits: limits });
    const rows = async () =>
      (await t.services.db.select({ bucket: rateLimitCounters.bucket }).from(rateLimitCounters)).map((r) => r.bucket);
    await post(app, '198.18.0.99');
    expect(await rows()).not.toContain('write:ip:198.18.0.99');
  });

  it('never stores the credential itself', async () => {
    const rows = await t.services.db.select({ bucket: rateLimitCounters.bucket }).from(rateLimitCounters);
    const buckets = JSON.stringify(rows);
    expect(buckets).toContain('write:cred:');
    expect(buckets).not.toContain('nyd_pat_guess');
  });

  it('is off unless configured', async () => {
    const app = createApp(t.services);
    for (let i = 0; i < 6; i++) expect((await post(app, '192.0.2.1')).status).not.toBe(429);
  });
});
