// Browser-safe shapes of what the search API returns (GET /nodes/search, /nodes/suggest). Structural
// subsets of the server's ApiNode, so a server-side `toApiNode()` result fits them as well.
import type { ImageAttributes } from '../images/image-url.ts';

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
  /** Active advisories affecting the listed version (the card's badge); absent when none. */
  latest_version_advisories?: string[] | undefined;
  /** The icon through the site's image endpoint, signed by the server (from `icon_images`). */
  icon_image?: ImageAttributes | undefined;
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
  /** Per facet: matches that declare no value, so are in none of its counts (absent in old cached answers). */
  undeclared?: { os: number; accelerators: number; tags: number } | undefined;
}

export interface SearchResponse {
  nodes: CardNode[];
  total: number;
  page: number;
  limit: number;
  totalPages: number;
  facets: SearchFacets;
  highlights: Record<string, NodeHighlight>;
  /** The ComfyUI built-in node class the search text names, if any (it needs no pack). */
  core_class?: string | undefined;
  /** Per node id: the card icon as signed /_image URLs (the API's answer; cards carry it as icon_image). */
  icon_images?: Record<string, ImageAttributes> | undefined;
}

export interface SearchSuggestion {
  text: string;
  kind: 'node' | 'class' | 'query';
  nodeId?: string;
}
