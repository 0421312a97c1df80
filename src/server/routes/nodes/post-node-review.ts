import { createRoute, z } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { requireActiveUser } from '../../auth/viewer.ts';
import { getVisibleNode } from '../../services/nodes/find-node.ts';
import { loadNodeBundles } from '../../services/nodes/load-bundles.ts';
import { setNodeReview } from '../../services/nodes/set-review.ts';
import { bearerSecurity, errorResponses, NodeSchema } from '../schemas.ts';
import { nodeDetail } from './node-detail.ts';
import { nodeIdParam } from './node-id-param.ts';

const route = createRoute({
  method: 'post',
  path: '/nodes/{nodeId}/reviews',
  operationId: 'postNodeReview',
  tags: ['Registry'],
  summary: 'Rate a node (1 to 5 stars)',
  description: 'One rating per user per node: posting again replaces your previous rating. Returns the node.',
  security: bearerSecurity,
  request: {
    params: z.object({ nodeId: nodeIdParam }),
    query: z.object({
      star: z.coerce
        .number({ error: 'star must be a whole number from 1 to 5.' })
        .int('star must be a whole number from 1 to 5.')
        .min(1, 'star must be a whole number from 1 to 5.')
        .max(5, 'star must be a whole number from 1 to 5.')
        .openapi({ type: 'integer', minimum: 1, maximum: 5, description: 'Number of stars, 1 to 5.' }),
    }),
  },
  responses: {
    200: { description: 'The node with its new rating', content: { 'application/json': { schema: NodeSchema } } },
    ...errorResponses(400, 401, 403, 404),
  },
});

export function registerPostNodeReview(app: App) {
  app.openapi(route, async (c) => {
    const { nodeId } = c.req.valid('param');
    const { star } = c.req.valid('query');
    const { db, config, clock } = c.get('services');
    const user = await requireActiveUser(c);
    const node = await getVisibleNode(db, nodeId);
    const updated = await setNodeReview(db, { nodeId: node.id, userId: user.id, star, now: clock.now() });
    const [bundle] = await loadNodeBundles(db, [updated]);
    return c.json(nodeDetail(bundle!, config), 200);
  });
}
