import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import type { ArchiveStorage } from '../storage/port.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('operational endpoints', () => {
  it('/healthz answers while the process is up', async () => {
    const response = await t.request('/healthz');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('/readyz checks the database and the archive store', async () => {
    const response = await t.request('/readyz');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ready', checks: { database: 'ok', storage: 'ok' } });
  });

  it('/readyz fails (503, no internals) when the store is unreachable, and while shutting down', async () => {
    const broken: ArchiveStorage = {
      ...t.services.storage,
      get: () => Promise.reject(new Error('connect ECONNREFUSED 10.0.0.9:9000 secret-bucket')),
    };
    const app = createApp({ ...t.services, storage: broken });
    const response = await app.request('/readyz');
    expect(response.status).toBe(503);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ status: 'unavailable', checks: { database: 'ok', storage: 'unavailable' } });
    expect(text).not.toContain('ECONNREFUSED');

    const draining = createApp(t.services, { isShuttingDown: () => true });
    expect((await draining.request('/readyz')).status).toBe(503);
  });

  it('/metrics exposes request counts by route pattern, queue depth and index size', async () => {
    await t.request('/nodes/some-node');
    await t.request('/nodes/other-node');
    const text = await (await t.request('/metrics')).text();
    expect(text).toMatch(/nodeyard_http_requests_total\{method="GET",route="\/nodes\/:nodeId",status="404"\} 2/);
    expect(text).toContain('nodeyard_http_request_duration_seconds_bucket');
    expect(text).toMatch(/nodeyard_job_queue_depth \d+/);
    expect(text).toMatch(/nodeyard_search_index_documents \d+/);
    expect(text).not.toContain('some-node');
  });

  it('/metrics needs the metrics token when one is configured', async () => {
    const app = createApp(t.services, { metricsToken: 'metrics-token-0123456789' });
    expect((await app.request('/metrics')).status).toBe(401);
    const ok = await app.request('/metrics', { headers: { authorization: 'Bearer metrics-token-0123456789' } });
    expect(ok.status).toBe(200);
  });
});
