// Recent searches, kept only in this browser (localStorage). Storage may be missing, full, or
// hold anything (another tab, an older format): every path degrades to "no recent searches".

export const RECENT_SEARCHES_KEY = 'nodeyard-recent-searches';
export const MAX_RECENT_SEARCHES = 8;
const MAX_LENGTH = 200;

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function readRecentSearches(storage: KeyValueStorage | undefined): string[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(RECENT_SEARCHES_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter((item): item is string => typeof item === 'string' && item.trim() !== '')
      .slice(0, MAX_RECENT_SEARCHES);
  } catch {
    return [];
  }
}

/** Puts a query first (a case-insensitive duplicate moves up instead of repeating); returns the new list. */
export function addRecentSearch(storage: KeyValueStorage | undefined, query: string): string[] {
  const text = query.trim().replace(/\s+/g, ' ').slice(0, MAX_LENGTH);
  const current = readRecentSearches(storage);
  if (!text) return current;
  const next = [text, ...current.filter((item) => item.toLowerCase() !== text.toLowerCase())].slice(
    0,
    MAX_RECENT_SEARCHES,
  );
  try {
    storage?.setItem(RECENT_SEARCHES_KEY, JSON.stringify(next));
  } catch {
    // Quota exceeded or storage disabled: the list still works for this page view.
  }
  return next;
}

export function clearRecentSearches(storage: KeyValueStorage | undefined): void {
  try {
    storage?.removeItem(RECENT_SEARCHES_KEY);
  } catch {
    // Nothing to do: storage is unavailable.
  }
}

/** `localStorage`, or undefined where it is missing or blocked (private modes, sandboxed frames). */
export function browserStorage(): KeyValueStorage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}
