// Browser-safe shapes of what the search API returns (GET /nodes/search, /nodes/suggest). Structural
// subsets of the server's ApiNode, so a server-side `toApiNode()` result fits them as well.

export interface CardNode {
  id: string;
  name?: string | undefined;
  description?: string | undefined;
  icon?: string | undefined;
  tags?: string[] | undefined;
  downloads?: number | undefined;
  github_stars?: number | undefined;
  status?: string | undefined;
  latest_version?:
    { version?: string | undefined; createdAt?: string | undefined; deprecated?: boolean | undefined } | undefined;
  publisher?: { id: string; name?: string | undefined } | undefined;
}

/** What matched in one node, for highlighting. */
export interface NodeHighlight {
  terms: string[];
  classNames: string[];
}

export interface SearchFacets {
  os: Record<string, number>;
  accelerators: Record<string, number>;
  tags: Record<string, number>;
}

export interface SearchResponse {
  nodes: CardNode[];
  total: number;
  page: number;
  limit: number;
  totalPages: number;
  facets: SearchFacets;
  highlights: Record<string, NodeHighlight>;
}

export interface SearchSuggestion {
  text: string;
  kind: 'node' | 'class' | 'query';
  nodeId?: string;
}
