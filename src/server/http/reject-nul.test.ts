import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('NUL characters are refused at the edge', () => {
  it('in a path segment or a query value: 400, not a database error', async () => {
    for (const url of ['/publishers/a%00b', '/nodes?search=x%00', '/comfy-nodes/abc%00/node']) {
      const response = await t.request(url);
      expect(response.status, url).toBe(400);
      expect((await response.json()).error).toBe('invalid_characters');
    }
  });

  it('in a JSON body', async () => {
    const response = await t.request('/publishers', { method: 'POST', json: { id: 'ab\u0000c', name: 'x' } });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toMatch(/NUL/);
  });

  it('lets ordinary requests through, with their bodies intact', async () => {
    expect((await t.request('/nodes?search=upscale')).status).toBe(200);
    const response = await t.request('/publishers', { method: 'POST', json: { id: 'valid-id', name: 'x' } });
    expect(response.status).toBe(401); // passed the guard and reached the route, which needs sign-in
  });
});
