import { createRoute } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { authorizePublisher } from '../../auth/publisher-access.ts';
import { deletePublisher } from '../../services/publishers/delete-publisher.ts';
import { bearerSecurity, errorResponses } from '../schemas.ts';
import { PublisherParams } from './schemas.ts';

const route = createRoute({
  method: 'delete',
  path: '/publishers/{publisherId}',
  operationId: 'deletePublisher',
  tags: ['Publishers'],
  summary: 'Delete a publisher with its tokens and permissions (owners and admins)',
  description: '409 while the publisher still has nodes that are not deleted: delete or transfer them first.',
  security: bearerSecurity,
  request: { params: PublisherParams },
  responses: {
    204: { description: 'Publisher deleted' },
    ...errorResponses(401, 403, 404, 409),
  },
});

export function registerDeletePublisher(app: App) {
  app.openapi(route, async (c) => {
    const { viewer, publisher } = await authorizePublisher(c, c.req.valid('param').publisherId, 'publisher.delete');
    const { db, clock } = c.get('services');
    await deletePublisher(db, viewer, publisher, clock.now());
    return c.body(null, 204);
  });
}
