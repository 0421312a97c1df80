import { describe, expect, it } from 'vitest';
import {
  addRecentSearch,
  clearRecentSearches,
  MAX_RECENT_SEARCHES,
  readRecentSearches,
  RECENT_SEARCHES_KEY,
  type KeyValueStorage,
} from './recent-searches.ts';

function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

describe('recent searches', () => {
  it('puts the newest first, moves duplicates up (any case) and trims', () => {
    const storage = memoryStorage();
    addRecentSearch(storage, 'mask');
    addRecentSearch(storage, '  lora   stack ');
    expect(addRecentSearch(storage, 'MASK')).toEqual(['MASK', 'lora stack']);
    expect(readRecentSearches(storage)).toEqual(['MASK', 'lora stack']);
  });

  it(`keeps at most ${MAX_RECENT_SEARCHES}`, () => {
    const storage = memoryStorage();
    for (let i = 0; i < 12; i += 1) addRecentSearch(storage, `q${i}`);
    const list = readRecentSearches(storage);
    expect(list).toHaveLength(MAX_RECENT_SEARCHES);
    expect(list[0]).toBe('q11');
  });

  it('ignores blank queries', () => {
    const storage = memoryStorage();
    expect(addRecentSearch(storage, '   ')).toEqual([]);
    expect(storage.data.size).toBe(0);
  });

  it('survives corrupt, foreign or missing storage', () => {
    expect(readRecentSearches(memoryStorage({ [RECENT_SEARCHES_KEY]: '{not json' }))).toEqual([]);
    expect(readRecentSearches(memoryStorage({ [RECENT_SEARCHES_KEY]: '{"a":1}' }))).toEqual([]);
    expect(readRecentSearches(memoryStorage({ [RECENT_SEARCHES_KEY]: '["ok", 3, ""]' }))).toEqual(['ok']);
    expect(readRecentSearches(undefined)).toEqual([]);
    const full: KeyValueStorage = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('blocked');
      },
    };
    expect(addRecentSearch(full, 'x')).toEqual(['x']);
    expect(() => clearRecentSearches(full)).not.toThrow();
  });

  it('clears', () => {
    const storage = memoryStorage();
    addRecentSearch(storage, 'x');
    clearRecentSearches(storage);
    expect(readRecentSearches(storage)).toEqual([]);
  });
});
