import { createRoute } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { decidePublisherAccess } from '../../services/publishers/access.ts';
import { viewerAccess } from '../../auth/publisher-access.ts';
import { errorResponses } from '../schemas.ts';
import { CanEditSchema, PublisherParams } from './schemas.ts';

const route = createRoute({
  method: 'get',
  path: '/publishers/{publisherId}/permissions',
  operationId: 'getPermissionOnPublisher',
  tags: ['Publishers'],
  summary: 'Whether the caller may edit the publisher (owners and admins)',
  description:
    'Always 200: `canEdit` is false for anonymous callers, strangers, unknown publishers, banned users and ' +
    '(except for admins) banned publishers. Upstream answers 403 to non-owners. Nodeyard adds the caller’s ' +
    '`role` on the publisher and, when `canEdit` is false, the `reason` (the error code an edit would get), so ' +
    'the owner of a banned publisher is told it is banned, not that owners only may edit.',
  request: { params: PublisherParams },
  responses: {
    200: { description: 'The permission', content: { 'application/json': { schema: CanEditSchema } } },
    ...errorResponses(400),
  },
});

export function registerGetPermissionOnPublisher(app: App) {
  app.openapi(route, async (c) => {
    const access = await viewerAccess(c, c.req.valid('param').publisherId);
    const denied = access ? decidePublisherAccess('publisher.update', access) : null;
    return c.json(
      {
        canEdit: !!access && denied === null,
        ...(access?.role ? { role: access.role } : {}),
        ...(denied ? { reason: denied.code } : {}),
      },
      200,
    );
  });
}
