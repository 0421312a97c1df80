// Persisting the query cache in localStorage (spec §9): key `registry-cache`, 24 h max age, dropped
// when the build stamp changes, written at most once a second, and only queries that have settled.
// Written here on react-query's own dehydrate/hydrate rather than with the persist-client packages:
// those pin an older query-core, which would ship a second copy of it to every page.
import { dehydrate, hydrate, type DehydratedState, type Query, type QueryClient } from '@tanstack/react-query';
import { BUILD_STAMP } from './build-stamp.ts';

export const PERSIST_KEY = 'registry-cache';
export const PERSIST_MAX_AGE_MS = 24 * 60 * 60 * 1000;
export const PERSIST_THROTTLE_MS = 1_000;

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** What is stored (the same shape TanStack's persisters use). */
export interface PersistedClient {
  timestamp: number;
  buster: string;
  clientState: DehydratedState;
}

/** Only settled queries (success or error) are worth keeping; a pending one has nothing yet. */
export function shouldPersistQuery(query: Pick<Query, 'state'>): boolean {
  return query.state.status !== 'pending';
}

export function snapshot(client: QueryClient, buster: string, now: number): PersistedClient {
  return {
    timestamp: now,
    buster,
    clientState: dehydrate(client, {
      shouldDehydrateQuery: shouldPersistQuery,
      // Mutation results can hold one-time secrets (a new token's value): never store them.
      shouldDehydrateMutation: () => false,
    }),
  };
}

/** The stored snapshot if it is usable: same build, younger than 24 h, well-formed. Else null. */
export function readSnapshot(raw: string | null, buster: string, now: number): PersistedClient | null {
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<PersistedClient>;
    if (parsed.buster !== buster || typeof parsed.timestamp !== 'number') return null;
    if (now - parsed.timestamp > PERSIST_MAX_AGE_MS || !parsed.clientState) return null;
    return parsed as PersistedClient;
  } catch {
    return null;
  }
}

export interface PersistOptions {
  storage: KeyValueStorage;
  buster?: string;
  now?: () => number;
  throttleMs?: number;
}

export interface Persistence {
  /** Stops writing for good and cancels a pending write (logout: nothing may come back after clear()). */
  stop(): void;
}

/**
 * Restores the snapshot into the client (discarding a stale or foreign one), then writes the cache
 * back on every change, at most once per throttle interval.
 */
export function persistClient(client: QueryClient, options: PersistOptions): Persistence {
  const { storage, buster = BUILD_STAMP, now = Date.now, throttleMs = PERSIST_THROTTLE_MS } = options;
  const restored = readSnapshot(safeGet(storage), buster, now());
  if (restored) hydrate(client, restored.clientState);
  else safeRemove(storage);

  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  const write = () => {
    timer = null;
    if (stopped) return;
    try {
      storage.setItem(PERSIST_KEY, JSON.stringify(snapshot(client, buster, now())));
    } catch {
      // Full storage: the cache simply is not kept for the next page.
    }
  };
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (stopped || timer !== null) return;
    // Observer bookkeeping changes nothing worth storing.
    if (event.type === 'observerAdded' || event.type === 'observerRemoved' || event.type === 'observerOptionsUpdated')
      return;
    timer = setTimeout(write, throttleMs);
  });
  return {
    stop() {
      stopped = true;
      if (timer !== null) clearTimeout(timer);
      timer = null;
      unsubscribe();
    },
  };
}

function safeGet(storage: KeyValueStorage): string | null {
  try {
    return storage.getItem(PERSIST_KEY);
  } catch {
    return null;
  }
}

function safeRemove(storage: KeyValueStorage): void {
  try {
    storage.removeItem(PERSIST_KEY);
  } catch {
    // Nothing to remove without storage.
  }
}
