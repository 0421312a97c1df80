import type { SearchDocument, SearchIndex } from '../port.ts';
import { splitWords, wordParts } from '../tokenizer.ts';
import { QUERY_TYPES, type EvalQuery, type QueryType } from './query-sets.ts';

export interface TypeQuality {
  queries: number;
  /** Share of queries with a target in the top 5. */
  recallAt5: number;
  recallAt1: number;
  /** Prefix queries: share of the top-5 hits whose name or id has a word (or camelCase part) starting with it. */
  validTop5?: number;
}

export const RECALL_K = 5;

export function topIds(index: SearchIndex, text: string, limit = 10): string[] {
  return index.search({ text, sort: 'relevance', page: 1, limit }).hits.map((hit) => hit.id);
}

/** Quality of an index on a query set. */
export function evaluate(
  index: SearchIndex,
  queries: readonly EvalQuery[],
  docs: ReadonlyMap<string, SearchDocument>,
): Record<QueryType, TypeQuality> {
  return qualityOf(
    queries,
    queries.map((query) => topIds(index, query.text)),
    docs,
  );
}

/** Quality from the ranked ids any engine returned for each query (same order as `queries`). */
export function qualityOf(
  queries: readonly EvalQuery[],
  results: readonly (readonly string[])[],
  docs: ReadonlyMap<string, SearchDocument>,
): Record<QueryType, TypeQuality> {
  const out = {} as Record<QueryType, TypeQuality>;
  for (const type of QUERY_TYPES) {
    let count = 0;
    let hit5 = 0;
    let hit1 = 0;
    let valid = 0;
    let shown = 0;
    queries.forEach((query, i) => {
      if (query.type !== type) return;
      count++;
      const ids = (results[i] ?? []).slice(0, RECALL_K);
      if (ids.some((id) => query.targets.has(id))) hit5++;
      if (ids[0] !== undefined && query.targets.has(ids[0])) hit1++;
      if (type !== 'prefix') return;
      for (const id of ids) {
        const doc = docs.get(id);
        shown++;
        if (doc && startsAWord(`${doc.name} ${doc.id}`, query.text.toLowerCase())) valid++;
      }
    });
    const n = Math.max(1, count);
    out[type] = { queries: count, recallAt5: hit5 / n, recallAt1: hit1 / n };
    if (type === 'prefix') out[type].validTop5 = shown ? valid / shown : 0;
  }
  return out;
}

function startsAWord(text: string, prefix: string): boolean {
  return splitWords(text).some(
    (word) => word.toLowerCase().startsWith(prefix) || wordParts(word).some((part) => part.startsWith(prefix)),
  );
}
