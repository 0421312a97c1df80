import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  persistClient,
  PERSIST_KEY,
  PERSIST_MAX_AGE_MS,
  readSnapshot,
  shouldPersistQuery,
  snapshot,
} from './persistence.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('persistence filter', () => {
  it('keeps settled queries and skips pending ones', () => {
    expect(shouldPersistQuery({ state: { status: 'success' } } as never)).toBe(true);
    expect(shouldPersistQuery({ state: { status: 'error' } } as never)).toBe(true);
    expect(shouldPersistQuery({ state: { status: 'pending' } } as never)).toBe(false);
  });

  it('a snapshot holds settled queries only, and no mutations', () => {
    const client = new QueryClient();
    client.setQueryData(['/users', {}], { id: 'u' });
    client.getQueryCache().build(client, { queryKey: ['/nodes', {}] }); // never fetched: pending
    const keys = snapshot(client, 'b1', 1).clientState.queries.map((q) => q.queryKey);
    expect(keys).toEqual([['/users', {}]]);
  });
});

describe('persisted cache', () => {
  const stored = (buster: string, timestamp: number) => {
    const source = new QueryClient();
    source.setQueryData(['/users', {}], { id: 'u' });
    return JSON.stringify(snapshot(source, buster, timestamp));
  };

  it('restores a snapshot of the same build younger than 24 h', () => {
    const storage = memoryStorage({ [PERSIST_KEY]: stored('build-1', 1_000) });
    const client = new QueryClient();
    persistClient(client, { storage, buster: 'build-1', now: () => 1_000 + PERSIST_MAX_AGE_MS - 1 }).stop();
    expect(client.getQueryData(['/users', {}])).toEqual({ id: 'u' });
  });

  it('discards the snapshot of another build', () => {
    const storage = memoryStorage({ [PERSIST_KEY]: stored('build-1', 1_000) });
    const client = new QueryClient();
    persistClient(client, { storage, buster: 'build-2', now: () => 2_000 }).stop();
    expect(client.getQueryData(['/users', {}])).toBeUndefined();
    expect(storage.data.has(PERSIST_KEY)).toBe(false);
  });

  it('discards a snapshot older than 24 h', () => {
    expect(readSnapshot(stored('b', 0), 'b', PERSIST_MAX_AGE_MS + 1)).toBeNull();
    expect(readSnapshot(stored('b', 0), 'b', PERSIST_MAX_AGE_MS)).not.toBeNull();
    expect(readSnapshot('not json', 'b', 0)).toBeNull();
  });

  it('writes at most once per second, with the latest data', () => {
    const storage = memoryStorage();
    const client = new QueryClient();
    const persistence = persistClient(client, { storage, buster: 'b', now: () => 5 });
    client.setQueryData(['/a', {}], 1);
    client.setQueryData(['/b', {}], 2);
    expect(storage.data.has(PERSIST_KEY)).toBe(false);
    vi.advanceTimersByTime(999);
    expect(storage.data.has(PERSIST_KEY)).toBe(false);
    vi.advanceTimersByTime(1);
    const written = JSON.parse(storage.data.get(PERSIST_KEY) ?? '{}') as ReturnType<typeof snapshot>;
    expect(written.buster).toBe('b');
    expect(written.clientState.queries.map((q) => q.queryKey)).toEqual([
      ['/a', {}],
      ['/b', {}],
    ]);
    persistence.stop();
  });

  it('after stop() nothing is written again, not even a write already scheduled', () => {
    const storage = memoryStorage();
    const client = new QueryClient();
    const persistence = persistClient(client, { storage, buster: 'b' });
    client.setQueryData(['/a', {}], 1);
    persistence.stop();
    client.setQueryData(['/b', {}], 2);
    vi.advanceTimersByTime(5_000);
    expect(storage.data.has(PERSIST_KEY)).toBe(false);
  });
});
