import { didYouMeanPrefixes } from '../../../lib/search/did-you-mean.ts';
import type { CardNode, SearchFacets, SearchResponse, SearchSuggestion } from '../../../lib/search/types.ts';
import { isHomeView, PAGE_SIZE, type SearchState } from '../../../lib/search/url-state.ts';
import type { AppDeps } from '../../app-deps.ts';
import { runSearch } from './run-search.ts';

/** Cards in each home-view section. */
export const HOME_SECTION_SIZE = 6;

export interface HomePageData {
  /** Results for the URL's state; absent on the home view. */
  results?: SearchResponse | undefined;
  /** Facet counts over every visible pack (the home view's filters). */
  homeFacets: SearchFacets;
  popular: CardNode[];
  recentlyUpdated: CardNode[];
  didYouMean: SearchSuggestion[];
}

const browse = (sort: 'relevance' | 'updated') => ({ text: '', sort, page: 1, limit: HOME_SECTION_SIZE });

/**
 * Everything the home page renders for a URL state. `client` is the visitor's address as the API's
 * rate limiter sees it (main.ts hands it in); without one the search is not recorded. The popular
 * and recent sections are loaded on every state, since the island shows them again when the query
 * is cleared (and popular packs are offered when nothing matches).
 */
export async function loadHomePage(
  services: AppDeps,
  state: SearchState,
  client?: string | undefined,
): Promise<HomePageData> {
  const popular = await runSearch(services, browse('relevance'));
  const recentlyUpdated = await runSearch(services, browse('updated'));
  const home = { homeFacets: popular.facets, popular: popular.nodes, recentlyUpdated: recentlyUpdated.nodes };
  if (isHomeView(state)) return { ...home, didYouMean: [] };

  const results = await runSearch(services, {
    text: state.q,
    os: state.os,
    accelerators: state.accelerator,
    tags: state.tags,
    sort: state.sort,
    page: state.page,
    limit: PAGE_SIZE,
  });
  const query = state.q.trim();
  // Same signal as the API route: a first page of a text search that found something.
  if (state.page === 1 && query && results.total > 0 && client) services.search.recordQuery(state.q, client);
  return { ...home, results, didYouMean: results.total === 0 ? didYouMean(services, query) : [] };
}

/** Real pack and class names only: what other visitors typed is never offered as a correction. */
function didYouMean(services: AppDeps, query: string): SearchSuggestion[] {
  for (const prefix of didYouMeanPrefixes(query)) {
    const found = services.search
      .suggest(prefix, 5, { popularQueries: false })
      .filter((s) => s.text.toLowerCase() !== query.toLowerCase());
    if (found.length > 0) return found;
  }
  return [];
}
