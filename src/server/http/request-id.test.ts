import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { requestIdFrom } from './request-id.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('requestIdFrom', () => {
  it('keeps a short plain token', () => {
    expect(requestIdFrom('lb-7f3a.b_2')).toBe('lb-7f3a.b_2');
    expect(requestIdFrom('a'.repeat(64))).toBe('a'.repeat(64));
  });

  it('replaces anything longer, empty or with other characters by a fresh id', () => {
    for (const forged of ['a'.repeat(65), '', 'id with spaces', 'x" level="fatal', 'a\u00e9b', 'a/b', '{"json":1}']) {
      expect(requestIdFrom(forged)).toMatch(UUID);
    }
    expect(requestIdFrom(undefined)).toMatch(UUID);
  });
});

describe('API response headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('echo a sane client request id and replace a forged one', async () => {
    const kept = await t.request('/nodes', { headers: { 'X-Request-Id': 'proxy-123' } });
    expect(kept.headers.get('x-request-id')).toBe('proxy-123');
    const long = await t.request('/nodes', { headers: { 'X-Request-Id': 'x'.repeat(5000) } });
    expect(long.headers.get('x-request-id')).toMatch(UUID);
    const odd = await t.request('/nodes', { headers: { 'X-Request-Id': '<script>alert(1)</script>' } });
    expect(odd.headers.get('x-request-id')).toMatch(UUID);
  });

  it('carry X-Content-Type-Options: nosniff on answers, errors and 404s alike', async () => {
    const responses = [
      await t.request('/nodes'),
      await t.request('/no-such-route'),
      await t.request('/publishers', { method: 'POST', json: { id: 'x' } }),
      await t.request('/healthz'),
    ];
    expect(responses.map((r) => r.status)).toEqual([200, 404, 400, 200]);
    for (const response of responses) expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
