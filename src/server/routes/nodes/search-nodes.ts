import { createRoute, z } from '@hono/zod-openapi';
import { and, asc, desc } from 'drizzle-orm';
import type { App } from '../../app-env.ts';
import { nodes } from '../../db/schema/index.ts';
import {
  definesComfyNode,
  matchesRepository,
  matchesText,
  supportsAccelerator,
  supportsOs,
  visibleNodeStatus,
} from '../../services/nodes/node-filters.ts';
import { queryNodePage } from '../../services/nodes/node-page.ts';
import { errorResponses, NodeListSchema } from '../schemas.ts';
import { nodeListResponse } from './node-list-response.ts';
import { flagParam, optionalText, pageParam, pageSizeParam } from './query-params.ts';

const route = createRoute({
  method: 'get',
  path: '/nodes/search',
  operationId: 'searchNodes',
  tags: ['Registry'],
  summary: 'Searches nodes',
  description:
    'Case-insensitive substring search over id, name, description, author and publisher name ' +
    '(`search`), node class names of the latest version (`comfy_node_search`) and the repository URL ' +
    '(`repository_url_search`). Most downloaded first, then id.',
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
    }),
  },
  responses: {
    200: { description: 'A paginated list of nodes', content: { 'application/json': { schema: NodeListSchema } } },
    ...errorResponses(400),
  },
});

export function registerSearchNodes(app: App) {
  app.openapi(route, async (c) => {
    const query = c.req.valid('query');
    const { db, config } = c.get('services');
    const paging = { page: query.page, limit: query.limit };
    const result = await queryNodePage(db, {
      ...paging,
      joinPublishers: true,
      where: and(
        visibleNodeStatus(query.include_banned ?? false),
        matchesText(query.search),
        definesComfyNode(query.comfy_node_search),
        matchesRepository(query.repository_url_search),
        supportsOs(query.supported_os),
        supportsAccelerator(query.supported_accelerator),
      ),
      orderBy: [desc(nodes.totalInstall), asc(nodes.id)],
    });
    return c.json(await nodeListResponse(db, config, result, paging), 200);
  });
}
