import { createRoute } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { authorizePublisher } from '../../auth/publisher-access.ts';
import { createEndpoint } from '../../services/webhooks/manage-endpoints.ts';
import { bearerSecurity, errorResponses } from '../schemas.ts';
import { PublisherParams } from '../publishers/schemas.ts';
import { CreatedWebhookSchema, CreateWebhookBody, toApiWebhook } from './schemas.ts';

const route = createRoute({
  method: 'post',
  path: '/publishers/{publisherId}/webhooks',
  operationId: 'createWebhook',
  tags: ['Webhooks'],
  summary: 'Register a webhook endpoint (owners only)',
  description:
    'The URL must be HTTPS and must not point at a loopback, private or reserved address (400 ' +
    '`webhook_url_refused`; a host name is checked again, on what DNS answers, at every delivery). At most ' +
    '10 endpoints per publisher (409 `webhook_limit_reached`). The signing `secret` is in this response only.',
  security: bearerSecurity,
  request: {
    params: PublisherParams,
    body: { required: true, content: { 'application/json': { schema: CreateWebhookBody } } },
  },
  responses: {
    201: { description: 'Endpoint registered', content: { 'application/json': { schema: CreatedWebhookSchema } } },
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

export function registerCreateWebhook(app: App) {
  app.openapi(route, async (c) => {
    const { viewer, publisher } = await authorizePublisher(c, c.req.valid('param').publisherId, 'webhooks.manage');
    const body = c.req.valid('json');
    const { db, clock, config } = c.get('services');
    const { row, secret } = await createEndpoint(
      db,
      {
        actor: viewer,
        publisherId: publisher.id,
        serverSecret: config.signingSecret,
        allowLoopback: config.webhookAllowLoopback === true,
        now: clock.now(),
      },
      { url: body.url, description: body.description ?? '', events: body.events },
    );
    return c.json({ ...toApiWebhook({ endpoint: row, lastDelivery: null }), secret }, 201);
  });
}
