import { createRoute } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { authorizePublisher } from '../../auth/publisher-access.ts';
import { removeTrustedPublisher } from '../../services/trusted-publishing/manage-trusted-publishers.ts';
import { bearerSecurity, errorResponses } from '../schemas.ts';
import { TrustedPublisherParams } from './schemas.ts';

const route = createRoute({
  method: 'delete',
  path: '/publishers/{publisherId}/trusted-publishers/{trustedPublisherId}',
  operationId: 'deleteTrustedPublisher',
  tags: ['Trusted publishing'],
  summary: 'Remove a trusted publisher (owners only)',
  description:
    "Tokens already exchanged through it stop publishing at once. 404 when it is not this publisher's. Audited.",
  security: bearerSecurity,
  request: { params: TrustedPublisherParams },
  responses: {
    204: { description: 'Removed' },
    ...errorResponses(400, 401, 403, 404),
  },
});

export function registerDeleteTrustedPublisher(app: App) {
  app.openapi(route, async (c) => {
    const { publisherId, trustedPublisherId } = c.req.valid('param');
    const { viewer, publisher } = await authorizePublisher(c, publisherId, 'trusted_publishers.manage');
    await removeTrustedPublisher(c.get('services').db, viewer, publisher, trustedPublisherId);
    return c.body(null, 204);
  });
}
