import { describe, expect, it } from 'vitest';
import type { CachedResponse } from './cached-response.ts';
import { ResponseStore } from './response-store.ts';
import { sharedHeaders } from './shared-headers.ts';

// Entries without shared headers add nothing beyond their own bytes (the counts below stay round).
const NONE = { id: '', list: [], notModified: [], bytes: 0 };

const entry = (bytes: number, storedAt = 0, tags: string[] = [], shared?: string[]): CachedResponse => ({
  etag: '"x"',
  tags,
  stored: 'identity',
  body: Buffer.alloc(0),
  shared: shared ? sharedHeaders(shared) : NONE,
  own: [],
  identityLength: 0,
  derived: {},
  replay: [],
  storedAt,
  bytes,
  cost: { body: bytes, headers: 0, key: 0, fixed: 0 },
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

  it('holds a header set that many entries repeat once, counted while one of them is stored', () => {
    const store = new ResponseStore({ maxBytes: 100_000, ttlMs: 60_000, now: () => 0 });
    const csp = ['content-security-policy', `default-src 'self'; ${"script-src 'sha256-x'; ".repeat(40)}`];
    const page = sharedHeaders(csp);
    store.set('en page', entry(100, 0, ['node:a'], csp), 0);
    store.set('fr page', entry(100, 0, ['node:b'], csp), 0);
    store.set('json', entry(100, 0, ['node:c'], ['content-type', 'application/json']), 0);
    const json = sharedHeaders(['content-type', 'application/json']);
    expect(store.stats()).toMatchObject({ entries: 3, sharedHeaderSets: 2, bytes: 300 + page.bytes + json.bytes });
    expect(store.stats().parts).toMatchObject({ body: 300, sharedHeaders: page.bytes + json.bytes });
    // Equal sets share one copy in memory.
    expect(store.get('fr page')!.shared).toBe(store.get('en page')!.shared);
    store.purge(['node:a']);
    expect(store.stats()).toMatchObject({ sharedHeaderSets: 2, bytes: 200 + page.bytes + json.bytes });
    store.purge(['node:b']);
    expect(store.stats()).toMatchObject({ sharedHeaderSets: 1, bytes: 100 + json.bytes });
    store.invalidate();
    expect(store.stats()).toMatchObject({ sharedHeaderSets: 0, bytes: 0, parts: { body: 0, sharedHeaders: 0 } });
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
