import type { SearchDocument, SearchSort } from './port.ts';

export interface Sortable {
  entry: { doc: SearchDocument };
  score: number;
}

type Compare = (a: Sortable, b: Sortable) => number;

const byId: Compare = (a, b) => {
  const x = a.entry.doc.id;
  const y = b.entry.doc.id;
  return x < y ? -1 : x > y ? 1 : 0;
};
const byScore: Compare = (a, b) => b.score - a.score;

function descending(value: (doc: SearchDocument) => number): Compare {
  return (a, b) => value(b.entry.doc) - value(a.entry.doc);
}

/**
 * Every order is total: explicit sorts fall back to relevance, then to the node id, so paging never skips or
 * repeats a node (upstream had no ORDER BY at all).
 */
export function comparatorFor(sort: SearchSort): Compare {
  const primary: Record<SearchSort, Compare | null> = {
    relevance: null,
    downloads: descending((doc) => doc.downloads),
    stars: descending((doc) => doc.stars),
    newest: descending((doc) => doc.createdAt),
    updated: descending((doc) => doc.updatedAt),
  };
  const first = primary[sort];
  return (a, b) => (first ? first(a, b) : 0) || byScore(a, b) || byId(a, b);
}

/**
 * The first `count` items in `compare` order. A page deep in the list sorts everything; the usual first
 * pages keep a small sorted buffer instead of sorting thousands of matches.
 */
export function firstInOrder<T>(items: readonly T[], compare: (a: T, b: T) => number, count: number): T[] {
  if (count <= 0) return [];
  if (count * 8 >= items.length) return [...items].sort(compare).slice(0, count);
  const best: T[] = [];
  for (const item of items) {
    if (best.length === count && compare(item, best[count - 1] as T) >= 0) continue;
    let low = 0;
    let high = best.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (compare(item, best[mid] as T) < 0) high = mid;
      else low = mid + 1;
    }
    best.splice(low, 0, item);
    if (best.length > count) best.pop();
  }
  return best;
}
