import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { rateLimitCounters } from '../db/schema/index.ts';
import { createTestApp, fixedClock, type TestApp } from '../../../tests/support/test-app.ts';
import type { RateLimitConfig } from './rate-limit.ts';

const clock = fixedClock(new Date('2026-06-01T12:00:10Z'));
const limits: RateLimitConfig = {
  windowSeconds: 60,
  writesPerIp: 3,
  writesPerCredential: 2,
  authenticatedPerIp: 5,
  trustProxy: true,
};

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
    const one = createApp(t.services, { rateLimits: limits });
    const two = createApp(t.services, { rateLimits: limits });
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
    const app = createApp(t.services, { rateLimits: limits });
    const auth = { authorization: 'Bearer nyd_pat_guess' };
    expect((await post(app, '198.51.100.1', auth)).status).not.toBe(429);
    expect((await post(app, '198.51.100.2', auth)).status).not.toBe(429);
    expect((await post(app, '198.51.100.3', auth)).status).toBe(429);
    clock.advance(60_000);
    expect((await post(app, '198.51.100.4', auth)).status).not.toBe(429);
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
