// How islands read and write the API through the shared, persisted query cache. Reads are keyed by the
// document's path template and its parameters; a write names the reads it changes, so nothing is marked
// stale by a guess from the URL.
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  apiCall,
  type ApiData,
  type ApiInit,
  type ApiInitArgs,
  type ApiMethod,
  type ApiPath,
  type ApiRequestError,
} from '../api/client.ts';
import { apiKey, type ApiQueryKey, type PartialParams, type ReadParams, type ReadPath } from './keys.ts';
import { API_GC_TIME_MS } from './query-client.ts';

export { apiKey, type ApiQueryKey, type PartialParams } from './keys.ts';

export interface ApiQueryOptions<Data = unknown> {
  enabled?: boolean;
  gcTime?: number;
  /** Extra request headers (NO_CACHE_HEADERS to read past the caches right after a write). */
  headers?: Readonly<Record<string, string>>;
  /** Asks again after this many milliseconds while it answers a number (polling until a state settles). */
  refetchInterval?: (data: Data | undefined) => number | false;
}

type QueryArgs<Path extends ReadPath> =
  Record<string, never> extends ReadParams<Path>
    ? [params?: ReadParams<Path>, options?: ApiQueryOptions<ApiData<Path, 'get'>>]
    : [params: ReadParams<Path>, options?: ApiQueryOptions<ApiData<Path, 'get'>>];

/** `GET path` with the spec's defaults (always stale, kept 24 h, persisted, retried except on 404). */
export function useApiQuery<Path extends ReadPath>(path: Path, ...[params, options = {}]: QueryArgs<Path>) {
  return useQuery<ApiData<Path, 'get'>, ApiRequestError>({
    queryKey: apiKey(path, params as PartialParams<Path> | undefined),
    queryFn: ({ signal }) => {
      const init = { params, signal, ...(options.headers ? { headers: options.headers } : {}) } as unknown as ApiInit<
        Path,
        'get'
      >;
      return (apiCall as (method: 'get', path: Path, init: ApiInit<Path, 'get'>) => Promise<ApiData<Path, 'get'>>)(
        'get',
        path,
        init,
      );
    },
    enabled: options.enabled ?? true,
    gcTime: options.gcTime ?? API_GC_TIME_MS,
    ...(options.refetchInterval ? { refetchInterval: (query) => options.refetchInterval!(query.state.data) } : {}),
  });
}

/** Marks stale every cached read matching one of `keys` (they refetch if shown), and waits for that. */
export async function invalidateKeys(client: QueryClient, keys: readonly ApiQueryKey[]): Promise<void> {
  await Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
}

/**
 * For what changes without a `useApiMutation`: an upload sent with XMLHttpRequest (for its progress),
 * or a state the server moved on its own (a scan finished). Marks `keys` stale.
 */
export function useInvalidateKeys() {
  const client = useQueryClient();
  return useCallback((keys: readonly ApiQueryKey[]) => invalidateKeys(client, keys), [client]);
}

type WriteMethod = Exclude<ApiMethod, 'get'>;

/** A write bound to its invalidations: `write(method, path, init)` answers the body once the reads are stale. */
export type ApiWrite = <Method extends WriteMethod, Path extends ApiPath<Method>>(
  method: Method,
  path: Path,
  ...init: ApiInitArgs<Path, Method>
) => Promise<ApiData<Path, Method>>;

/**
 * The imperative form of useApiMutation, for screens that run many different writes from one place
 * (the admin's row actions, each with its own busy flag and Undo): every write through it marks
 * `invalidates` stale on success, exactly as a mutation declaring them would.
 */
export function useApiWrite(invalidates: readonly ApiQueryKey[]): ApiWrite {
  const client = useQueryClient();
  return useCallback(
    async (method, path, ...init) => {
      const result = await apiCall(method, path, ...init);
      await invalidateKeys(client, invalidates);
      return result;
    },
    // The keys are a constant list per screen; a new array each render must not make a new function.
    [client],
  ) as ApiWrite;
}

export interface ApiMutationOptions<Variables, Result> {
  /** The reads this write changes, marked stale on success (their refetch follows; see below). */
  invalidates: readonly ApiQueryKey[] | ((variables: Variables, result: Result) => readonly ApiQueryKey[]);
  /** How long the result stays in memory (0 for a result that holds a one-time secret). */
  gcTime?: number;
}

/**
 * The one way an island writes: `mutate(init)` sends the path parameters and body the document asks for;
 * on success the declared reads are marked stale and refetched if shown; a failure is an ApiRequestError.
 */
export function useApiMutation<Method extends WriteMethod, Path extends ApiPath<Method>>(
  method: Method,
  path: Path,
  options: ApiMutationOptions<ApiInit<Path, Method>, ApiData<Path, Method>>,
) {
  const client = useQueryClient();
  const call = apiCall as (method: Method, path: Path, init: ApiInit<Path, Method>) => Promise<ApiData<Path, Method>>;
  return useMutation<ApiData<Path, Method>, ApiRequestError, ApiInit<Path, Method>>({
    mutationFn: (init) => call(method, path, init),
    // Marked stale at once, but the refetch is not awaited: the caller's own onSuccess (a toast, closing a
    // dialog) must run while the row it belongs to is still there; a deleted row leaves with the refetch.
    onSuccess: (result, variables) => {
      void invalidateKeys(
        client,
        typeof options.invalidates === 'function' ? options.invalidates(variables, result) : options.invalidates,
      );
    },
    ...(options.gcTime === undefined ? {} : { gcTime: options.gcTime }),
  });
}
