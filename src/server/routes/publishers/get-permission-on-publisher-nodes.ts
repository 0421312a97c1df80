import { createRoute } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { findNode } from '../../services/nodes/find-node.ts';
import { decidePublisherAccess } from '../../services/publishers/access.ts';
import { viewerAccess } from '../../auth/publisher-access.ts';
import { errorResponses } from '../schemas.ts';
import { CanEditSchema, PublisherNodeParams } from './schemas.ts';

const route = createRoute({
  method: 'get',
  path: '/publishers/{publisherId}/nodes/{nodeId}/permissions',
  operationId: 'getPermissionOnPublisherNodes',
  tags: ['Publishers'],
  summary: "Whether the caller may edit the node (the publisher's owners and members, and admins)",
  description:
    'Always 200: `canEdit` is false for anonymous callers, strangers, banned users, a node that is not in ' +
    'this publisher, and (except for admins) banned nodes and publishers.',
  request: { params: PublisherNodeParams },
  responses: {
    200: { description: 'The permission', content: { 'application/json': { schema: CanEditSchema } } },
    ...errorResponses(400),
  },
});

export function registerGetPermissionOnPublisherNodes(app: App) {
  app.openapi(route, async (c) => {
    const { publisherId, nodeId } = c.req.valid('param');
    const access = await viewerAccess(c, publisherId);
    if (!access || decidePublisherAccess('node.update', access) !== null) return c.json({ canEdit: false }, 200);
    const node = await findNode(c.get('services').db, nodeId);
    const canEdit =
      !!node &&
      node.publisherId === access.publisher.id &&
      node.status !== 'NodeStatusDeleted' &&
      (node.status !== 'NodeStatusBanned' || access.viewer.isAdmin);
    return c.json({ canEdit }, 200);
  });
}
