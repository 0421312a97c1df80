import { createRoute } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { authorizePublisher } from '../../auth/publisher-access.ts';
import { pingEndpoint } from '../../services/webhooks/manage-endpoints.ts';
import { bearerSecurity, errorResponses } from '../schemas.ts';
import { PingedWebhookSchema, WebhookParams } from './schemas.ts';

const route = createRoute({
  method: 'post',
  path: '/publishers/{publisherId}/webhooks/{webhookId}/ping',
  operationId: 'pingWebhook',
  tags: ['Webhooks'],
  summary: 'Send a signed `webhook.ping` event to one endpoint, to check the receiver (owners only)',
  description: 'Queued like every delivery; its outcome shows as the endpoint’s `last_delivery`.',
  security: bearerSecurity,
  request: { params: WebhookParams },
  responses: {
    202: { description: 'Queued', content: { 'application/json': { schema: PingedWebhookSchema } } },
    ...errorResponses(401, 403, 404),
  },
});

export function registerPingWebhook(app: App) {
  app.openapi(route, async (c) => {
    const params = c.req.valid('param');
    const { viewer, publisher } = await authorizePublisher(c, params.publisherId, 'webhooks.manage');
    const { eventId } = await pingEndpoint(c.get('services').db, viewer, publisher.id, params.webhookId);
    return c.json({ event_id: eventId }, 202);
  });
}
