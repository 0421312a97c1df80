// The home page's whole state lives in its URL (?q=&tags=&os=&accelerator=&sort=&page=), so a
// shared link, the back button and the server-rendered first page all agree.

export const SORTS = ['relevance', 'downloads', 'stars', 'newest', 'updated'] as const;
export type Sort = (typeof SORTS)[number];

export const FACET_KEYS = ['tags', 'os', 'accelerator'] as const;
export type FacetKey = (typeof FACET_KEYS)[number];

/** Results per page on the home page. */
export const PAGE_SIZE = 20;
const MAX_PAGE = 1_000_000;
const MAX_QUERY_LENGTH = 200;

export interface SearchState {
  q: string;
  tags: string[];
  os: string[];
  accelerator: string[];
  sort: Sort;
  page: number;
}

export const EMPTY_STATE: SearchState = { q: '', tags: [], os: [], accelerator: [], sort: 'relevance', page: 1 };

const isSort = (value: string | null): value is Sort => SORTS.includes(value as Sort);

/** Distinct non-empty values of a repeated key (`tags=a&tags=b`), also accepting `tags=a,b`. */
function listParam(params: URLSearchParams, key: string): string[] {
  const values = params
    .getAll(key)
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter(Boolean);
  return [...new Set(values)];
}

/** Reads the state from a query string; anything malformed falls back to the default. */
export function parseSearchState(search: string | URLSearchParams): SearchState {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const sort = params.get('sort');
  const page = Number(params.get('page'));
  return {
    q: (params.get('q') ?? '').slice(0, MAX_QUERY_LENGTH),
    tags: listParam(params, 'tags'),
    os: listParam(params, 'os'),
    accelerator: listParam(params, 'accelerator'),
    sort: isSort(sort) ? sort : 'relevance',
    page: Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1,
  };
}

/** The canonical query string (with "?", or "" for the default state): defaults are left out. */
export function serializeSearchState(state: SearchState): string {
  const params = new URLSearchParams();
  if (state.q.trim()) params.set('q', state.q);
  for (const key of FACET_KEYS) for (const value of state[key]) params.append(key, value);
  if (state.sort !== 'relevance') params.set('sort', state.sort);
  if (state.page > 1) params.set('page', String(state.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The `/nodes/search` query for a state (the API's own parameter names). */
export function toApiQuery(state: SearchState, limit = PAGE_SIZE): string {
  const params = new URLSearchParams();
  if (state.q.trim()) params.set('search', state.q);
  for (const tag of state.tags) params.append('tags', tag);
  for (const os of state.os) params.append('os', os);
  for (const accelerator of state.accelerator) params.append('accelerator', accelerator);
  params.set('sort', state.sort);
  params.set('page', String(state.page));
  params.set('limit', String(limit));
  return params.toString();
}

/** No text, no filter, default sort, first page: the home view (popular and recently updated packs). */
export function isHomeView(state: SearchState): boolean {
  return !state.q.trim() && !hasFilters(state) && state.sort === 'relevance' && state.page === 1;
}

export const hasFilters = (state: SearchState) => FACET_KEYS.some((key) => state[key].length > 0);

export const withoutFilters = (state: SearchState): SearchState => ({
  ...state,
  tags: [],
  os: [],
  accelerator: [],
  page: 1,
});

/** Ticks or unticks one facet value; any filter change goes back to page 1. */
export function toggleFacet(state: SearchState, key: FacetKey, value: string): SearchState {
  const current = state[key];
  const has = current.some((v) => v.toLowerCase() === value.toLowerCase());
  const next = has ? current.filter((v) => v.toLowerCase() !== value.toLowerCase()) : [...current, value];
  return { ...state, [key]: next, page: 1 };
}

export const hasFacet = (state: SearchState, key: FacetKey, value: string) =>
  state[key].some((v) => v.toLowerCase() === value.toLowerCase());

export const withQuery = (state: SearchState, q: string): SearchState => ({ ...state, q, page: 1 });
export const withSort = (state: SearchState, sort: Sort): SearchState => ({ ...state, sort, page: 1 });
export const withPage = (state: SearchState, page: number): SearchState => ({ ...state, page });

export const sameState = (a: SearchState, b: SearchState) => serializeSearchState(a) === serializeSearchState(b);
