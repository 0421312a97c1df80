export { queryClient, createQueryClient, startPersistence, wipeQueryCache, API_GC_TIME_MS } from './query-client.ts';
export {
  useApiQuery,
  useApiMutation,
  useApiWrite,
  useInvalidateKeys,
  apiKey,
  invalidateKeys,
  type ApiQueryKey,
  type ApiQueryOptions,
  type ApiMutationOptions,
  type ApiWrite,
} from './hooks.ts';
export { shouldRetry, retryDelay } from './retry.ts';
