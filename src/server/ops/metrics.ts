import type { MiddlewareHandler } from 'hono';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { AppEnv } from '../app-env.ts';
import { countQueuedJobs } from '../jobs/queue.ts';
import type { AppDeps } from '../app-deps.ts';

export interface Metrics {
  registry: Registry;
  middleware: MiddlewareHandler<AppEnv>;
}

/**
 * Prometheus metrics for one app instance (its own registry, so tests can build many apps).
 * Requests are labelled by route *pattern* (`/nodes/:nodeId`), never the raw path, to keep the
 * number of series bounded.
 */
export function createMetrics(services: AppDeps, options: { processMetrics?: boolean } = {}): Metrics {
  const registry = new Registry();
  if (options.processMetrics) collectDefaultMetrics({ register: registry, prefix: 'nodeyard_' });

  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'nodeyard_http_requests_total',
    help: 'API requests by method, route pattern and status.',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'nodeyard_http_request_duration_seconds',
    help: 'API request latency by method, route pattern and status.',
    labelNames,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  new Gauge({
    name: 'nodeyard_job_queue_depth',
    help: 'Background jobs waiting to run (queued).',
    registers: [registry],
    async collect() {
      this.set(await countQueuedJobs(services.db));
    },
  });
  new Gauge({
    name: 'nodeyard_search_index_documents',
    help: 'Nodes in this instance’s search index.',
    registers: [registry],
    collect() {
      this.set(services.search.size());
    },
  });

  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    const end = duration.startTimer();
    await next();
    // Unmatched paths share one label instead of one series per probe URL.
    const route = c.req.routePath === '/*' ? 'unmatched' : c.req.routePath;
    const labels = { method: c.req.method, route, status: String(c.res.status) };
    requests.inc(labels);
    end(labels);
  };
  return { registry, middleware };
}
