import { trustedProxyHops, type Env } from '../env.ts';
import { requestClientAddress } from '../http/client-ip.ts';
import type { Runtime } from '../runtime.ts';
import { listenForPeers, type PeerInvalidation } from './peer-invalidation.ts';
import { RecordedQueries } from './recorded-queries.ts';
import { createResponseCache, type ResponseCache } from './response-cache.ts';
import { ResponseStore } from './response-store.ts';

export interface RunningResponseCache extends ResponseCache {
  close(): Promise<void>;
}

/**
 * The response cache of one server process, kept correct three ways: a write answered by this
 * instance drops it at once; other instances are told through PostgreSQL NOTIFY; and every change
 * the search sync sees in the nodes.updated_at feed (jobs, imports, writes elsewhere) drops it too.
 */
export async function startResponseCache(
  env: Pick<
    Env,
    'RESPONSE_CACHE_MAX_BYTES' | 'RESPONSE_CACHE_TTL_SECONDS' | 'DATABASE_URL' | 'TRUST_PROXY' | 'TRUST_PROXY_HOPS'
  >,
  runtime: Pick<Runtime, 'services' | 'searchSync'>,
  onError: (error: unknown) => void = (error) => console.error('response cache invalidation failed:', error),
): Promise<RunningResponseCache> {
  const store = new ResponseStore({
    maxBytes: env.RESPONSE_CACHE_MAX_BYTES,
    ttlMs: env.RESPONSE_CACHE_TTL_SECONDS * 1000,
  });
  const queries = new RecordedQueries(runtime.services.search);
  const peers: PeerInvalidation | null =
    store.enabled && env.DATABASE_URL
      ? await listenForPeers(env.DATABASE_URL, () => store.invalidate(), onError)
      : null;
  const unsubscribe = runtime.searchSync.onChange(() => store.invalidate());
  const hops = trustedProxyHops(env);
  const cache = createResponseCache({
    store,
    queries,
    clientOf: (req) => requestClientAddress(req, hops),
    onWrite: () => {
      store.invalidate();
      peers?.announce();
    },
  });
  return {
    ...cache,
    async close() {
      unsubscribe();
      await peers?.close();
    },
  };
}
