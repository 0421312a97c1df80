import type { App } from '../app-env.ts';
import type { AppDeps } from '../app-deps.ts';
import { pingDatabase } from '../db/client.ts';
import type { Metrics } from './metrics.ts';

const PROBE_TIMEOUT_MS = 2_000;

async function withTimeout<T>(work: Promise<T>, label: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${label} did not answer within ${PROBE_TIMEOUT_MS} ms`)),
      PROBE_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Outcome of one dependency check; the error text is generic so probes leak no internals. */
async function check(label: string, work: () => Promise<unknown>): Promise<'ok' | 'unavailable'> {
  try {
    await withTimeout(work(), label);
    return 'ok';
  } catch {
    return 'unavailable';
  }
}

/**
 * Operational endpoints outside the OpenAPI document: liveness (`/healthz`: the process answers),
 * readiness (`/readyz`: database and archive storage reachable — a load balancer stops sending
 * traffic while it fails, e.g. during shutdown), and Prometheus metrics (`/metrics`, behind a
 * bearer token when METRICS_TOKEN is set).
 */
export function registerOpsRoutes(
  app: App,
  services: AppDeps,
  metrics: Metrics,
  options: { metricsToken?: string; isShuttingDown?: () => boolean } = {},
): void {
  app.get('/healthz', (c) => c.json({ status: 'ok' }, 200, { 'Cache-Control': 'no-store' }));
  app.get('/readyz', async (c) => {
    if (options.isShuttingDown?.()) {
      return c.json({ status: 'shutting_down' }, 503, { 'Cache-Control': 'no-store' });
    }
    const [database, storage] = await Promise.all([
      check('database', () => pingDatabase(services.db)),
      // A missing object answers null; only an unreachable store throws.
      check('storage', () => services.storage.get('.readyz-probe')),
    ]);
    const ready = database === 'ok' && storage === 'ok';
    return c.json({ status: ready ? 'ready' : 'unavailable', checks: { database, storage } }, ready ? 200 : 503, {
      'Cache-Control': 'no-store',
    });
  });
  app.get('/metrics', async (c) => {
    if (options.metricsToken && c.req.header('authorization') !== `Bearer ${options.metricsToken}`) {
      return c.json({ error: 'unauthorized', message: 'This needs the metrics token.' }, 401);
    }
    return c.body(await metrics.registry.metrics(), 200, {
      'Content-Type': metrics.registry.contentType,
      'Cache-Control': 'no-store',
    });
  });
}
