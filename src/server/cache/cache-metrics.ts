import { Counter, Gauge, type Registry } from 'prom-client';
import type { ResponseStore } from './response-store.ts';

/** The response cache on GET /metrics: its memory (bounded by RESPONSE_CACHE_MAX_BYTES) and hit rate. */
export function registerCacheMetrics(registry: Registry, store: ResponseStore): void {
  const gauge = (name: string, help: string, read: () => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(read());
      },
    });
  const counter = (name: string, help: string, read: () => number) =>
    new Counter({
      name,
      help,
      registers: [registry],
      collect() {
        this.reset();
        this.inc(read());
      },
    });
  gauge('nodeyard_response_cache_bytes', 'Memory held by cached responses (all encodings).', () => store.stats().bytes);
  new Gauge({
    name: 'nodeyard_response_cache_part_bytes',
    help: 'Where the cached bytes go: bodies, own headers, request keys, fixed overhead, shared header sets.',
    labelNames: ['part'],
    registers: [registry],
    collect() {
      for (const [part, bytes] of Object.entries(store.stats().parts)) this.set({ part }, bytes);
    },
  });
  gauge(
    'nodeyard_response_cache_shared_header_sets',
    'Distinct header sets the cached responses share.',
    () => store.stats().sharedHeaderSets,
  );
  gauge('nodeyard_response_cache_max_bytes', 'RESPONSE_CACHE_MAX_BYTES (0 = cache off).', () => store.maxBytes);
  gauge('nodeyard_response_cache_entries', 'Cached responses.', () => store.stats().entries);
  counter('nodeyard_response_cache_hits_total', 'Requests answered from the cache.', () => store.stats().hits);
  counter('nodeyard_response_cache_misses_total', 'Cacheable requests that had to render.', () => store.stats().misses);
  counter(
    'nodeyard_response_cache_invalidations_total',
    'Changes applied from the change feed (one batch of keys, or everything).',
    () => store.stats().invalidations,
  );
  counter(
    'nodeyard_response_cache_purged_total',
    'Entries dropped because a change named one of their keys.',
    () => store.stats().purged,
  );
}
