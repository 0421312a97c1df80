import type { ApiPath } from '../../lib/api/client.ts';
import type { ApiOk } from '../../lib/api/types.ts';
import { withIconImages } from '../../lib/search/card-node.ts';
import type { SearchResponse, SearchSuggestion } from '../../lib/search/types.ts';
import { toApiQuery, type SearchState } from '../../lib/search/url-state.ts';

const CACHE_SIZE = 30;
// The document's paths, checked by typecheck (the query strings are built by toApiQuery and URLSearchParams).
const SEARCH = '/nodes/search' satisfies ApiPath<'get'>;
const SUGGEST = '/nodes/suggest' satisfies ApiPath<'get'>;
type Suggestions = ApiOk<typeof SUGGEST, 'get'>;
/**
 * The API lets clients keep search answers for 30 s (for crawlers and tools); the site asks its
 * browser to check with the server first instead (a 304 when nothing changed, answered from the
 * response cache), so a pack published or banned a moment ago is found, or gone, at once.
 */
const FRESH: RequestCache = 'no-cache';

/**
 * Plain-fetch client of the search API (no Firebase, no query library, not even lib/api's client: the home
 * page stays light); its answers are typed by the generated API types all the same.
 * A newer search aborts the one in flight; answers are kept for Back/Forward to show instantly.
 */
export function createSearchClient(apiBase: string) {
  const cache = new Map<string, SearchResponse>();
  let searching: AbortController | undefined;
  let suggesting: AbortController | undefined;

  const remember = (key: string, data: SearchResponse) => {
    cache.delete(key);
    cache.set(key, data);
    if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  };

  return {
    prime(state: SearchState, data: SearchResponse) {
      remember(toApiQuery(state), data);
    },
    cached(state: SearchState): SearchResponse | undefined {
      return cache.get(toApiQuery(state));
    },
    /** Resolves with the response, or with undefined when a newer search replaced this one. */
    async search(state: SearchState): Promise<SearchResponse | undefined> {
      searching?.abort();
      const controller = new AbortController();
      searching = controller;
      const key = toApiQuery(state);
      try {
        const response = await fetch(`${apiBase}${SEARCH}?${key}`, {
          signal: controller.signal,
          headers: { accept: 'application/json' },
          cache: FRESH,
        });
        if (!response.ok) throw new Error(`search failed: ${response.status}`);
        const data = withIconImages((await response.json()) as ApiOk<typeof SEARCH, 'get'>);
        remember(key, data);
        return data;
      } catch (error) {
        if (controller.signal.aborted) return undefined;
        throw error;
      }
    },
    /** Completions for typed text; [] on any failure (suggestions are a nicety). */
    async suggest(text: string, limit = 8): Promise<SearchSuggestion[] | undefined> {
      suggesting?.abort();
      const controller = new AbortController();
      suggesting = controller;
      try {
        const params = new URLSearchParams({ q: text, limit: String(limit) });
        const response = await fetch(`${apiBase}${SUGGEST}?${params}`, { signal: controller.signal, cache: FRESH });
        if (!response.ok) return [];
        return ((await response.json()) as Suggestions).suggestions;
      } catch {
        return controller.signal.aborted ? undefined : [];
      }
    },
    /**
     * "Did you mean" for a query that found nothing: the first prefix with completions wins. Only real
     * pack and class names count: what other visitors searched is never offered as a correction.
     */
    async didYouMean(prefixes: string[], limit = 5): Promise<SearchSuggestion[]> {
      for (const prefix of prefixes) {
        try {
          const params = new URLSearchParams({ q: prefix, limit: String(limit) });
          const response = await fetch(`${apiBase}${SUGGEST}?${params}`, { cache: FRESH });
          if (!response.ok) continue;
          const { suggestions } = (await response.json()) as Suggestions;
          const names = suggestions.filter((suggestion) => suggestion.kind !== 'query');
          if (names.length > 0) return names;
        } catch {
          return [];
        }
      }
      return [];
    },
  };
}

export type SearchClient = ReturnType<typeof createSearchClient>;
