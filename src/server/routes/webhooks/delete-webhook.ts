import { createRoute } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { authorizePublisher } from '../../auth/publisher-access.ts';
import { deleteEndpoint } from '../../services/webhooks/manage-endpoints.ts';
import { bearerSecurity, errorResponses } from '../schemas.ts';
import { WebhookParams } from './schemas.ts';

const route = createRoute({
  method: 'delete',
  path: '/publishers/{publisherId}/webhooks/{webhookId}',
  operationId: 'deleteWebhook',
  tags: ['Webhooks'],
  summary: 'Remove a webhook endpoint and its delivery history (owners only)',
  description: 'Deliveries still queued for it are dropped. 404 when the publisher has no such endpoint.',
  security: bearerSecurity,
  request: { params: WebhookParams },
  responses: { 204: { description: 'Removed' }, ...errorResponses(401, 403, 404) },
});

export function registerDeleteWebhook(app: App) {
  app.openapi(route, async (c) => {
    const params = c.req.valid('param');
    const { viewer, publisher } = await authorizePublisher(c, params.publisherId, 'webhooks.manage');
    await deleteEndpoint(c.get('services').db, viewer, publisher.id, params.webhookId);
    return c.body(null, 204);
  });
}
