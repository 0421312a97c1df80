// The one QueryClient of the page, shared by every island (each island is its own React root, so
// the client lives in a module, not in a provider created per island).
import { QueryClient } from '@tanstack/react-query';
import { persistClient, type Persistence } from './persistence.ts';
import { retryDelay, shouldRetry } from './retry.ts';

/** Garbage collection when a query sets nothing (spec: 5 minutes). */
export const DEFAULT_GC_TIME_MS = 5 * 60 * 1000;
/** Garbage collection of the API hooks' queries (spec: kept 24 hours, as long as the persisted cache). */
export const API_GC_TIME_MS = 24 * 60 * 60 * 1000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 0, gcTime: DEFAULT_GC_TIME_MS, retry: shouldRetry, retryDelay },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

let persistence: Persistence | null = null;

function browserLocalStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** Restores the persisted cache and keeps writing it: once per page, in the browser only. */
export function startPersistence(): void {
  if (persistence) return;
  const storage = browserLocalStorage();
  if (storage) persistence = persistClient(queryClient, { storage });
}

/** Logout: stop persisting, reset and drop every cached query (the caller then clears the storages). */
export async function wipeQueryCache(): Promise<void> {
  persistence?.stop();
  await queryClient.resetQueries();
  queryClient.clear();
}
