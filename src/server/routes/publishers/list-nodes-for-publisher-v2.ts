import { countPages } from '../../../lib/paging.ts';
import { createRoute } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { loadNodeBundles } from '../../services/nodes/load-bundles.ts';
import { getPublisherOr404 } from '../../services/publishers/access.ts';
import { pagePublisherNodes } from '../../services/nodes/list-publisher-nodes.ts';
import { toApiNode } from '../../services/serialize/node.ts';
import { iconImagesById, ISLAND_ICON_SIZES } from '../../../lib/images/image-url.ts';
import { IconImagesSchema } from '../image-schemas.ts';
import { errorResponses, NodeListSchema } from '../schemas.ts';
import { PaginationQuery, PublisherParams } from './schemas.ts';
import { declareCacheKeys } from '../../http/declare-cache-keys.ts';
import { publisherKey, publisherNodesKey } from '../../cache/cache-keys.ts';

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
      content: {
        'application/json': {
          schema: NodeListSchema.extend({ icon_images: IconImagesSchema }).openapi('PublisherNodeListPage'),
        },
      },
    },
    ...errorResponses(400, 404),
  },
});

export function registerListNodesForPublisherV2(app: App) {
  app.openapi(route, async (c) => {
    const { db, config, imageUrls } = c.get('services');
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
    const requested = c.req.valid('param').publisherId;
    declareCacheKeys(c, [
      publisherKey(requested),
      publisherKey(publisher.id),
      publisherNodesKey(requested),
      publisherNodesKey(publisher.id),
    ]);
    const nodes = bundles.map((bundle) => toApiNode(bundle, config));
    return c.json(
      {
        nodes,
        total,
        page,
        limit,
        totalPages: countPages(total, limit),
        // The dashboard shows icons through /_image, whose URLs only the server can sign.
        icon_images: iconImagesById(imageUrls.sign, nodes, ISLAND_ICON_SIZES.dashboardNode),
      },
      200,
    );
  });
}
