import { createRoute, z } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { authorizePublisher } from '../../auth/publisher-access.ts';
import { listEndpoints } from '../../services/webhooks/list-endpoints.ts';
import { bearerSecurity, errorResponses } from '../schemas.ts';
import { PublisherParams } from '../publishers/schemas.ts';
import { toApiWebhook, WebhookSchema } from './schemas.ts';

const route = createRoute({
  method: 'get',
  path: '/publishers/{publisherId}/webhooks',
  operationId: 'listWebhooks',
  tags: ['Webhooks'],
  summary: "A publisher's webhook endpoints with their last delivery, newest first (owners and admins)",
  description: 'Never the secret: `secret_prefix` tells secrets apart. An empty list is a 200.',
  security: bearerSecurity,
  request: { params: PublisherParams },
  responses: {
    200: { description: 'The endpoints', content: { 'application/json': { schema: z.array(WebhookSchema) } } },
    ...errorResponses(401, 403, 404),
  },
});

export function registerListWebhooks(app: App) {
  app.openapi(route, async (c) => {
    const { publisher } = await authorizePublisher(c, c.req.valid('param').publisherId, 'webhooks.read');
    const rows = await listEndpoints(c.get('services').db, publisher.id);
    return c.json(rows.map(toApiWebhook), 200);
  });
}
