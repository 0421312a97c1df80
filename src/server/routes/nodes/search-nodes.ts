import { createRoute, z } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import type { SearchSort } from '../../search/port.ts';
import { loadNodeBundles } from '../../services/nodes/load-bundles.ts';
import { countPages } from '../../../lib/paging.ts';
import { toApiNode } from '../../services/serialize/node.ts';
import { withLatestAdvisories } from '../../services/advisories/latest-advisories.ts';
import { iconImagesById, ISLAND_ICON_SIZES } from '../../../lib/images/image-url.ts';
import { errorResponses, repeatedQuery } from '../schemas.ts';
import { flagParam, optionalText, pageParam, pageSizeParam } from './query-params.ts';
import { highlightsOf, loadHitRows, repositoryTerm } from '../../services/nodes/search-hits.ts';
import { coreClassNamed } from '../../services/workflows/core-classes.ts';
import { NodeSearchResultSchema } from './search-schemas.ts';
import { declareCacheKeys } from '../../http/declare-cache-keys.ts';
import { SEARCH_KEY } from '../../cache/cache-keys.ts';

const SORTS = ['relevance', 'downloads', 'stars', 'newest', 'updated'] as const satisfies readonly SearchSort[];

/** A scalar parameter keeps the first value when its key repeats. */
const first = (value: unknown) => (Array.isArray(value) ? value[0] : value);

const route = createRoute({
  method: 'get',
  path: '/nodes/search',
  operationId: 'searchNodes',
  tags: ['Registry'],
  summary: 'Searches nodes',
  description:
    'Ranked, typo-tolerant search over name and id, node class names (of the latest version, else the ' +
    'imported catalogue), author, publisher, tags and description (`search`); class names only ' +
    '(`comfy_node_search`, combined with `search` by AND); repository URL substring ' +
    '(`repository_url_search`). Filters: `supported_os`/`os`, `supported_accelerator`/`accelerator`, ' +
    '`tags` (repeatable; any of the values). Banned and withheld nodes (no Active version because of a ' +
    'flag or ban) are left out unless `include_banned=true` ' +
    '(upstream includes them by default); deleted nodes never appear. Beyond the contract: `sort`, and ' +
    'the `facets`, `highlights` and `core_class` fields of the response.',
  request: {
    query: z.object({
      page: pageParam,
      limit: pageSizeParam(),
      search: optionalText,
      repository_url_search: optionalText,
      comfy_node_search: optionalText,
      supported_os: optionalText,
      supported_accelerator: optionalText,
      include_banned: flagParam,
      sort: z.preprocess(first, z.enum(SORTS).optional()).openapi({
        description:
          '`relevance` (default; with no text: popularity × search_ranking), `downloads`, `stars`, ' +
          '`newest` (created), `updated`. Ties fall back to relevance, then id.',
      }),
      tags: repeatedQuery(z.string()).openapi({ description: 'Only nodes with any of these tags (repeat the key).' }),
      os: repeatedQuery(z.string()).openapi({
        description: 'Same as `supported_os`, repeatable (`windows`, `linux`, `macos` or a classifier).',
      }),
      accelerator: repeatedQuery(z.string()).openapi({
        description: 'Same as `supported_accelerator`, repeatable (`cuda`, `rocm`, `mps`… or a classifier).',
      }),
    }),
  },
  responses: {
    200: {
      description: 'A paginated list of nodes, best match first',
      content: { 'application/json': { schema: NodeSearchResultSchema } },
    },
    ...errorResponses(400),
  },
});

/** The contract's single value and our repeatable alias, as one "any of" list. */
const anyOf = (single: string | undefined, many: string[] | undefined) => [
  ...(single?.trim() ? [single] : []),
  ...(many ?? []),
];

export function registerSearchNodes(app: App) {
  app.openapi(route, async (c) => {
    const query = c.req.valid('query');
    const { db, config, search, imageUrls } = c.get('services');
    const includeBanned = query.include_banned ?? false;
    const result = search.search({
      // Untrimmed: a trailing space tells the planner the last word is complete. '' = not given.
      text: query.search ?? '',
      classText: query.comfy_node_search ?? '',
      repositoryUrl: repositoryTerm(query.repository_url_search) ?? '',
      os: anyOf(query.supported_os, query.os),
      accelerators: anyOf(query.supported_accelerator, query.accelerator),
      tags: query.tags ?? [],
      includeBanned,
      sort: query.sort ?? 'relevance',
      page: query.page,
      limit: query.limit,
    });
    // Popular-query suggestions learn from what people actually type: first pages of text searches
    // that found something (paging through, or a typo that matched nothing, is no signal), counted
    // per client (the rate limiter's address), so one visitor repeating a text counts once.
    if (query.page === 1 && query.search?.trim() && result.total > 0)
      search.recordQuery(query.search, c.get('clientIp'));

    const rows = await loadHitRows(db, result.hits, includeBanned);
    const bundles = await loadNodeBundles(db, rows);
    const nodes = await withLatestAdvisories(
      db,
      bundles.map((bundle) => toApiNode(bundle, config, { includeStatusReason: false })),
    );
    const coreClass = coreClassNamed(query.search);
    declareCacheKeys(c, [SEARCH_KEY]);
    return c.json(
      {
        ...(coreClass ? { core_class: coreClass } : {}),
        nodes,
        total: result.total,
        page: query.page,
        limit: query.limit,
        totalPages: countPages(result.total, query.limit),
        facets: result.facets,
        highlights: highlightsOf(result.hits, rows),
        // The search island shows icons through /_image, whose URLs only the server can sign.
        icon_images: iconImagesById(imageUrls.sign, nodes, ISLAND_ICON_SIZES.searchCard),
      },
      200,
    );
  });
}
