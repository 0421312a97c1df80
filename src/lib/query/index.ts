export { queryClient, createQueryClient, startPersistence, wipeQueryCache, API_GC_TIME_MS } from './query-client.ts';
export { useApiQuery, useApiMutation, apiQueryKey, invalidateAfterWrite, type ApiQueryOptions } from './hooks.ts';
export { pathsToInvalidate, parentPath } from './invalidation.ts';
export { shouldRetry, retryDelay } from './retry.ts';
