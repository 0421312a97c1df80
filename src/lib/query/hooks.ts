// The two hooks islands use to talk to the API through the shared, persisted query cache.
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest, type ApiMethod, type ApiRequestError, type QueryParams } from '../api/client.ts';
import { pathsToInvalidate } from './invalidation.ts';
import { API_GC_TIME_MS } from './query-client.ts';

/** The query key of `GET path?query`; invalidating `[path]` matches it whatever the query. */
export function apiQueryKey(path: string, query?: QueryParams): readonly [string, QueryParams] {
  return [path, query ?? {}] as const;
}

export interface ApiQueryOptions {
  enabled?: boolean;
  gcTime?: number;
}

/** `GET path` with the spec's defaults (always stale, kept 24 h, persisted, retried except on 404). */
export function useApiQuery<T>(path: string, query?: QueryParams, options: ApiQueryOptions = {}) {
  return useQuery<T, ApiRequestError>({
    queryKey: apiQueryKey(path, query),
    queryFn: ({ signal }) => apiRequest<T>('GET', path, { ...(query ? { query } : {}), signal }),
    enabled: options.enabled ?? true,
    gcTime: options.gcTime ?? API_GC_TIME_MS,
  });
}

/** Marks stale what a successful write changed (POST: its path; PUT/PATCH/DELETE: path and parent). */
export async function invalidateAfterWrite(client: QueryClient, method: ApiMethod, path: string): Promise<void> {
  await Promise.all(pathsToInvalidate(method, path).map((p) => client.invalidateQueries({ queryKey: [p] })));
}

type WriteMethod = Exclude<ApiMethod, 'GET'>;

/**
 * A write. The variables are the JSON body (DELETE sends none); `path` may be computed from them.
 * On success the affected cached GETs are invalidated before the mutation settles.
 */
export function useApiMutation<TBody, TResult>(method: WriteMethod, path: string | ((variables: TBody) => string)) {
  const client = useQueryClient();
  const resolve = (variables: TBody) => (typeof path === 'function' ? path(variables) : path);
  return useMutation<TResult, ApiRequestError, TBody>({
    mutationFn: (variables) =>
      apiRequest<TResult>(method, resolve(variables), method === 'DELETE' ? {} : { body: variables }),
    onSuccess: (_result, variables) => invalidateAfterWrite(client, method, resolve(variables)),
  });
}
