import { createRoute, z } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { queryDefaultNodeListPage } from '../../services/nodes/default-list-page.ts';
import { nodeListWhere } from '../../services/nodes/node-filters.ts';
import { queryNodeListPage } from '../../services/nodes/node-list-page.ts';
import { nodeOrderBy, parseNodeSort, sortUsesPublisher } from '../../services/nodes/node-sort.ts';
import { errorResponses, NodeListSchema, repeatedQuery } from '../schemas.ts';
import { nodeListResponse } from './node-list-response.ts';
import { minAgeCutoff, minAgeParam } from './min-age-param.ts';
import { flagParam, instantParam, optionalText, pageParam, pageSizeParam } from './query-params.ts';
import { declareCacheKeys } from '../../http/declare-cache-keys.ts';
import { LISTS_KEY } from '../../cache/cache-keys.ts';

const route = createRoute({
  method: 'get',
  path: '/nodes',
  operationId: 'listAllNodes',
  tags: ['Registry'],
  summary: 'Retrieves a list of nodes',
  description:
    'A page of nodes across all publishers, in a stable order (default: newest first, then id). ' +
    'Banned nodes, and withheld ones (versions exist but none is Active because of a flag or ban), are left ' +
    'out unless `include_banned=true`; deleted nodes never appear. Packs without any version are listed.',
  request: {
    query: z.object({
      page: pageParam,
      limit: pageSizeParam(),
      include_banned: flagParam,
      timestamp: instantParam.openapi({ description: 'Only nodes created or updated after this instant.' }),
      sort: repeatedQuery(z.string()).openapi({
        description:
          'Repeatable: total_install, name, publisher_name, last_updated, created_at; ascending unless suffixed ";desc".',
      }),
      node_id: repeatedQuery(z.string()).openapi({ description: 'Repeatable; matched case-insensitively.' }),
      supported_os: optionalText,
      supported_accelerator: optionalText,
      min_age: minAgeParam,
      // Accepted for compatibility; they do not change the result (results are never cached).
      latest: optionalText.openapi({ type: 'boolean', description: 'Accepted and ignored: results are always fresh.' }),
      comfyui_version: optionalText.openapi({ description: 'Accepted and ignored.' }),
      form_factor: optionalText.openapi({ description: 'Accepted and ignored.' }),
    }),
  },
  responses: {
    200: { description: 'A paginated list of nodes', content: { 'application/json': { schema: NodeListSchema } } },
    ...errorResponses(400),
  },
});

export function registerListNodes(app: App) {
  app.openapi(route, async (c) => {
    const query = c.req.valid('query');
    const { db, config, clock } = c.get('services');
    const paging = { page: query.page, limit: query.limit };
    const sort = parseNodeSort(query.sort);
    const unfiltered =
      sort.length === 0 &&
      !query.timestamp &&
      !query.node_id?.length &&
      !query.supported_os &&
      !query.supported_accelerator;
    // The crawl every client runs (no filter, default order): maintained total, no deep OFFSET.
    const result = unfiltered
      ? await queryDefaultNodeListPage(db, { ...paging, includeBanned: query.include_banned ?? false })
      : await queryNodeListPage(db, {
          ...paging,
          joinPublishers: sortUsesPublisher(sort),
          where: nodeListWhere({
            includeBanned: query.include_banned ?? false,
            since: query.timestamp,
            nodeIds: query.node_id,
            os: query.supported_os,
            accelerator: query.supported_accelerator,
          }),
          orderBy: nodeOrderBy(sort),
        });
    const publishedBy = minAgeCutoff(query.min_age, config, clock);
    // Under a minimum release age the answer changes with time alone, which no cache key follows: not kept.
    if (!publishedBy) declareCacheKeys(c, [LISTS_KEY]);
    return c.json(await nodeListResponse(db, config, result, paging, { publishedBy }), 200);
  });
}
