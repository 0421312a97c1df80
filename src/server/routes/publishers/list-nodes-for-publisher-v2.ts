import { createRoute } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { loadNodeBundles } from '../../services/nodes/load-bundles.ts';
import { getPublisherOr404 } from '../../services/publishers/access.ts';
import { pagePublisherNodes } from '../../services/publishers/list-publisher-nodes.ts';
import { toApiNode } from '../../services/serialize/node.ts';
import { errorResponses, NodeListSchema } from '../schemas.ts';
import { PaginationQuery, PublisherParams } from './schemas.ts';

const route = createRoute({
  method: 'get',
  path: '/publishers/{publisherId}/nodes/v2',
  operationId: 'listNodesForPublisherV2',
  tags: ['Publishers'],
  summary: "A page of a publisher's nodes: {nodes, total, page, limit, totalPages}",
  description: 'page is 1-based (default 1); limit defaults to 10 and is clamped to 1..100.',
  request: { params: PublisherParams, query: PaginationQuery },
  responses: {
    200: {
      description: 'One page of nodes, newest first',
      content: { 'application/json': { schema: NodeListSchema } },
    },
    ...errorResponses(400, 404),
  },
});

export function registerListNodesForPublisherV2(app: App) {
  app.openapi(route, async (c) => {
    const { db, config } = c.get('services');
    const publisher = await getPublisherOr404(db, c.req.valid('param').publisherId);
    const query = c.req.valid('query');
    const page = query.page ?? 1;
    const limit = query.limit ?? 10;
    const { rows, total } = await pagePublisherNodes(db, publisher.id, {
      includeBanned: query.include_banned ?? false,
      page,
      limit,
    });
    const bundles = await loadNodeBundles(db, rows);
    return c.json(
      {
        nodes: bundles.map((bundle) => toApiNode(bundle, config)),
        total,
        page,
        limit,
        totalPages: Math.ceil(total / limit),
      },
      200,
    );
  });
}
