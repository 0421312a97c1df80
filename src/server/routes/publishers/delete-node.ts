import { createRoute } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { authorizePublisher } from '../../auth/publisher-access.ts';
import { deleteNode } from '../../services/nodes/delete-node.ts';
import { assertNodeWritable, getPublisherNode } from '../../services/nodes/publisher-nodes.ts';
import { bearerSecurity, errorResponses } from '../schemas.ts';
import { PublisherNodeParams } from './schemas.ts';

const route = createRoute({
  method: 'delete',
  path: '/publishers/{publisherId}/nodes/{nodeId}',
  operationId: 'deleteNode',
  tags: ['Publishers'],
  summary: 'Delete a node (owners and admins)',
  description: 'A soft delete: the node disappears everywhere, but its id and version numbers stay reserved.',
  security: bearerSecurity,
  request: { params: PublisherNodeParams },
  responses: {
    204: { description: 'Node deleted' },
    ...errorResponses(401, 403, 404),
  },
});

export function registerDeleteNode(app: App) {
  app.openapi(route, async (c) => {
    const { publisherId, nodeId } = c.req.valid('param');
    const { viewer, publisher } = await authorizePublisher(c, publisherId, 'node.delete');
    const { db, clock } = c.get('services');
    const node = await getPublisherNode(db, publisher, nodeId);
    assertNodeWritable(node, viewer);
    await deleteNode(db, viewer, node, clock.now());
    return c.body(null, 204);
  });
}
