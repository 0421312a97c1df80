import { describe, expect, it } from 'vitest';
import type { CachedResponse } from './cached-response.ts';
import { ResponseStore } from './response-store.ts';

const entry = (bytes: number, storedAt = 0, tags: string[] = []): CachedResponse => ({
  etag: '"x"',
  tags,
  stored: 'identity',
  body: Buffer.alloc(0),
  common: [],
  storedHeaders: [],
  identityLength: 0,
  derived: {},
  notModifiedHeaders: [],
  replay: [],
  storedAt,
  bytes,
});

describe('ResponseStore', () => {
  it('keeps its bytes under the bound by evicting the least recently used first', () => {
    const store = new ResponseStore({ maxBytes: 1000, ttlMs: 60_000, now: () => 0 });
    store.set('a', entry(200), 0);
    store.set('b', entry(200), 0);
    store.set('c', entry(200), 0);
    store.get('a'); // a is now the most recently used
    store.set('d', entry(200), 0);
    store.set('e', entry(200), 0);
    expect(store.stats()).toMatchObject({ entries: 5, bytes: 1000 });
    store.set('f', entry(200), 0);
    expect(store.stats().bytes).toBeLessThanOrEqual(1000);
    expect(store.get('b')).toBeUndefined();
    expect(store.get('a')).toBeDefined();
    expect(store.get('f')).toBeDefined();
  });

  it('never stores one entry bigger than a quarter of the bound', () => {
    const store = new ResponseStore({ maxBytes: 1000, ttlMs: 60_000 });
    expect(store.set('big', entry(251), 0)).toBe(false);
    expect(store.stats().entries).toBe(0);
  });

  it('refuses a render that started before an invalidation, and forgets everything on one', () => {
    const store = new ResponseStore({ maxBytes: 1000, ttlMs: 60_000 });
    const before = store.generation;
    store.set('a', entry(10), before);
    store.invalidate();
    expect(store.get('a')).toBeUndefined();
    expect(store.set('stale', entry(10), before)).toBe(false);
    expect(store.set('fresh', entry(10), store.generation)).toBe(true);
    expect(store.stats()).toMatchObject({ entries: 1, bytes: 10, invalidations: 1 });
  });

  it('purges only the entries that carry a changed key, and refuses renders of those keys that started before', () => {
    const store = new ResponseStore({ maxBytes: 1000, ttlMs: 60_000, now: () => 0 });
    const before = store.generation;
    store.set('alpha page', entry(10, 0, ['node:alpha', 'publisher:acme']), before);
    store.set('beta page', entry(10, 0, ['node:beta', 'publisher:acme']), before);
    store.set('list', entry(10, 0, ['lists']), before);
    expect(store.purge(['node:alpha', 'lists'])).toBe(2);
    expect(store.get('alpha page')).toBeUndefined();
    expect(store.get('list')).toBeUndefined();
    expect(store.get('beta page')).toBeDefined();
    // Rendered from data read before the change: refused for the changed keys only.
    expect(store.set('alpha page', entry(10, 0, ['node:alpha']), before)).toBe(false);
    expect(store.set('gamma page', entry(10, 0, ['node:gamma']), before)).toBe(true);
    expect(store.set('alpha page', entry(10, 0, ['node:alpha']), store.generation)).toBe(true);
    // A publisher change reaches every page of its packs.
    expect(store.purge(['publisher:acme'])).toBe(1);
    expect(store.get('beta page')).toBeUndefined();
    expect(store.stats()).toMatchObject({ entries: 2, bytes: 20, purged: 3 });
  });

  it('drops entries older than the TTL', () => {
    let now = 0;
    const store = new ResponseStore({ maxBytes: 1000, ttlMs: 1000, now: () => now });
    store.set('a', entry(10, 0), 0);
    now = 1000;
    expect(store.get('a')).toBeDefined();
    now = 1001;
    expect(store.get('a')).toBeUndefined();
    expect(store.stats().bytes).toBe(0);
  });

  it('is off with a bound of 0', () => {
    expect(new ResponseStore({ maxBytes: 0, ttlMs: 1000 }).enabled).toBe(false);
  });
});
