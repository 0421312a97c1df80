import { trustedProxyHops, type Env } from '../env.ts';
import { requestClientAddress } from '../http/client-ip.ts';
import type { Runtime } from '../runtime.ts';
import { keysOfChange } from './cache-keys.ts';
import { RecordedQueries } from './recorded-queries.ts';
import { createResponseCache, type ResponseCache } from './response-cache.ts';
import { ResponseStore } from './response-store.ts';

export interface RunningResponseCache extends ResponseCache {
  close(): Promise<void>;
}

/**
 * The response cache of one server process, kept correct by the change feed alone: it is a consumer
 * of the process's follower (after search), and each feed row purges the entries that carry its keys.
 * A write answered here waits until the follower applied it; other instances' writes and jobs arrive
 * through the follower's poll or a PostgreSQL NOTIFY (runtime.followChanges).
 */
export function startResponseCache(
  env: Pick<Env, 'RESPONSE_CACHE_MAX_BYTES' | 'RESPONSE_CACHE_TTL_SECONDS' | 'TRUST_PROXY' | 'TRUST_PROXY_HOPS'>,
  runtime: Pick<Runtime, 'services' | 'changes'>,
): RunningResponseCache {
  const store = new ResponseStore({
    maxBytes: env.RESPONSE_CACHE_MAX_BYTES,
    ttlMs: env.RESPONSE_CACHE_TTL_SECONDS * 1000,
  });
  const queries = new RecordedQueries(runtime.services.search);
  const unsubscribe = runtime.changes.subscribe({
    apply(changes) {
      const keys = new Set<string>();
      for (const change of changes) for (const key of keysOfChange(change)) keys.add(key);
      store.purge(keys);
    },
    reset: () => store.invalidate(),
  });
  const hops = trustedProxyHops(env);
  const cache = createResponseCache({
    store,
    queries,
    clientOf: (req) => requestClientAddress(req, hops),
    settle: () => runtime.changes.catchUp(),
  });
  return {
    ...cache,
    close() {
      unsubscribe();
      return Promise.resolve();
    },
  };
}
