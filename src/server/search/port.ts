/**
 * The search port. Routes and services talk to this interface only; the default adapter is the in-process
 * MiniSearch index (minisearch-index.ts), kept in step with the database by services/search-index/search-sync.ts. A PostgreSQL full-text adapter
 * can implement the same interface for deployments that prefer one shared index (see README.md).
 *
 * Everything here is plain data: the engine never touches the database, so the mapper from rows to
 * SearchDocument lives with the DB wiring.
 */

export type SearchNodeStatus = 'NodeStatusActive' | 'NodeStatusBanned' | 'NodeStatusDeleted';

export interface SearchDocument {
  id: string;
  name: string;
  description: string;
  author: string;
  publisherId: string;
  publisherName: string;
  tags: string[];
  /** Node class names of the latest version (what `comfy_node_search` matches). */
  classNames: string[];
  supportedOs: string[];
  supportedAccelerators: string[];
  downloads: number;
  /** github_stars */
  stars: number;
  /** Admin search_ranking: 1 (top) … 10 (bottom); 0 or anything outside 1–10 means "not set". */
  searchRanking: number;
  /** Milliseconds since the epoch. */
  createdAt: number;
  updatedAt: number;
  status: SearchNodeStatus;
  /** No Active version because of a flag or ban: hidden like a banned node (absent means false). */
  withheld?: boolean;
  /** Optional: only needed for `repositoryUrl` filtering (upstream `repository_url_search`). */
  repositoryUrl?: string;
}

export type SearchSort = 'relevance' | 'downloads' | 'stars' | 'newest' | 'updated';

export interface SearchQuery {
  /** Free text; empty or missing = browse mode (every visible node, in `sort` order). */
  text?: string;
  /** Matches node class names only (upstream `comfy_node_search`); combined with `text` by AND. */
  classText?: string;
  /** Case-insensitive substring of the repository URL (upstream `repository_url_search`); a filter, not scored. */
  repositoryUrl?: string;
  /** Any of these (hierarchical classifiers and short aliases such as `windows` are understood). */
  os?: string[];
  /** Any of these (`cuda`, `rocm`, `mps` … or the full classifier). */
  accelerators?: string[];
  /** Any of these, case-insensitive. */
  tags?: string[];
  /** Banned and withheld nodes are hidden unless this is true. Deleted nodes are never returned. */
  includeBanned?: boolean;
  sort: SearchSort;
  /** 1-based. */
  page: number;
  limit: number;
}

export interface SearchHit {
  id: string;
  score: number;
  /** Indexed (lower-case) document words that matched, for highlighting. */
  matchedTerms: string[];
  /** Class names of the node that matched the query (at most 5, best first). */
  matchedClassNames: string[];
}

export interface SearchFacets {
  os: Record<string, number>;
  accelerators: Record<string, number>;
  tags: Record<string, number>;
  /** Per facet: matches (under the other facets' filters) that declare no value, so are in none of its counts. */
  undeclared: { os: number; accelerators: number; tags: number };
}

export interface SearchResult {
  hits: SearchHit[];
  /** Number of matches after filters, before paging. */
  total: number;
  /**
   * Counted over every match (before paging). Each facet ignores its own filter and applies the others
   * ("disjunctive" facets), so a checked OS still shows how many results the other OSes would add.
   */
  facets: SearchFacets;
}

export type SuggestionKind = 'node' | 'class' | 'query';

export interface Suggestion {
  text: string;
  kind: SuggestionKind;
  /** Set for `node` suggestions: the node to open. */
  nodeId?: string;
}

export interface SearchIndex {
  /** Adds or replaces one node. A deleted node is removed. Cheap (well under 2 ms), so call it on every change. */
  upsert(doc: SearchDocument): void;
  remove(id: string): void;
  /** Rebuilds from scratch (start-up, or resync after a missed change feed). */
  replaceAll(docs: Iterable<SearchDocument>): void;
  search(query: SearchQuery): SearchResult;
  /**
   * Completions for a search box: node names, class names and popular recorded queries (names always
   * first). `popularQueries: false` leaves the recorded queries out ("did you mean" offers real names only).
   */
  suggest(prefix: string, limit: number, options?: SuggestOptions): Suggestion[];
  /** Number of indexed nodes (active + banned). */
  size(): number;
  /**
   * Notes that `client` (an opaque key, e.g. the address the rate limiter uses) ran a first page of a
   * text search that found something. Only normalised texts whose every word is a word of the index
   * and that return results are kept; each client counts once per query (bounded memory).
   */
  recordQuery(text: string, client: string): void;
  /** Who searched what since the last call (to count distinct clients across instances). */
  drainRecordedQueries(): QueryObservation[];
  /** Replaces the popular queries with the shared ones (already past the distinct-clients threshold). */
  replacePopularQueries(totals: PopularQueryTotal[]): void;
}

export interface SuggestOptions {
  /** Include popular recorded queries (default true). */
  popularQueries?: boolean;
}

/** One client ran one (normalised) query. */
export interface QueryObservation {
  text: string;
  client: string;
}

/** A query that enough distinct clients ran within the window, with its decayed weight. */
export interface PopularQueryTotal {
  text: string;
  clients: number;
  weight: number;
}
