import { createRoute, z } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { loadNodeBundles } from '../../services/nodes/load-bundles.ts';
import { getPublisherOr404 } from '../../services/publishers/access.ts';
import { listPublisherNodes } from '../../services/nodes/list-publisher-nodes.ts';
import { toApiNode } from '../../services/serialize/node.ts';
import { errorResponses, NodeSchema } from '../schemas.ts';
import { includeBannedQuery, PublisherParams } from './schemas.ts';
import { declareCacheKeys } from '../../http/declare-cache-keys.ts';
import { publisherKey, publisherNodesKey } from '../../cache/cache-keys.ts';

const route = createRoute({
  method: 'get',
  path: '/publishers/{publisherId}/nodes',
  operationId: 'listNodesForPublisher',
  tags: ['Publishers'],
  summary: "All of a publisher's nodes (public; deleted never, banned only with include_banned=true)",
  request: { params: PublisherParams, query: z.object({ include_banned: includeBannedQuery }) },
  responses: {
    200: { description: 'The nodes, newest first', content: { 'application/json': { schema: z.array(NodeSchema) } } },
    ...errorResponses(400, 404),
  },
});

export function registerListNodesForPublisher(app: App) {
  app.openapi(route, async (c) => {
    const { db, config } = c.get('services');
    const publisher = await getPublisherOr404(db, c.req.valid('param').publisherId);
    const rows = await listPublisherNodes(db, publisher.id, c.req.valid('query').include_banned ?? false);
    const bundles = await loadNodeBundles(db, rows);
    const requested = c.req.valid('param').publisherId;
    declareCacheKeys(c, [
      publisherKey(requested),
      publisherKey(publisher.id),
      publisherNodesKey(requested),
      publisherNodesKey(publisher.id),
    ]);
    return c.json(
      bundles.map((bundle) => toApiNode(bundle, config)),
      200,
    );
  });
}
