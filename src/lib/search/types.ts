// What the search island and the home page's cards hold, from the types generated from docs/openapi.json
// (GET /nodes/search, /nodes/suggest): never copied by hand, so a renamed or retyped API field fails
// typecheck here and in every card.
import type { ApiSchema } from '../api/types.ts';

type ApiNode = ApiSchema<'Node'>;
type ApiSearchResult = ApiSchema<'NodeSearchResult'>;

/**
 * The fields of an API node a card shows (toCardNode keeps only these: the island's props are
 * serialised into the page), plus its icon signed by the server (`icon_images` moved onto the card).
 */
export type CardNode = Pick<ApiNode, 'id'> &
  Partial<
    Pick<
      ApiNode,
      'name' | 'description' | 'icon' | 'tags' | 'downloads' | 'github_stars' | 'status' | 'latest_version_advisories'
    >
  > & {
    latest_version?: Pick<NonNullable<ApiNode['latest_version']>, 'version' | 'createdAt' | 'deprecated'>;
    publisher?: Pick<NonNullable<ApiNode['publisher']>, 'id'> &
      Partial<Pick<NonNullable<ApiNode['publisher']>, 'name'>>;
    icon_image?: ApiSchema<'ImageAttributes'>;
  };

/** What matched in one node, for highlighting. */
export type NodeHighlight = ApiSchema<'NodeSearchHighlight'>;

export type SearchFacets = ApiSchema<'NodeSearchFacets'>;

/**
 * GET /nodes/search as the island holds it: its nodes as cards. `icon_images` is what the API sends;
 * the server-rendered first page puts each icon on its card instead and leaves it out.
 */
export type SearchResponse = Omit<ApiSearchResult, 'nodes' | 'icon_images'> & {
  nodes: CardNode[];
  icon_images?: ApiSearchResult['icon_images'];
};

export type SearchSuggestion = ApiSchema<'NodeSuggestion'>;
