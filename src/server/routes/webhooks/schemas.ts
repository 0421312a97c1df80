import { z } from '@hono/zod-openapi';
import { WEBHOOK_EVENT_TYPES } from '../../services/webhooks/event-types.ts';
import { MAX_ENDPOINT_URL_LENGTH } from '../../services/webhooks/endpoint-url.ts';
import type { EndpointWithLastDelivery } from '../../services/webhooks/list-endpoints.ts';
import { PublisherParams } from '../publishers/schemas.ts';

// Request and response shapes of the webhook routes (docs/publishing.md § Webhooks).

export const WebhookParams = PublisherParams.extend({
  webhookId: z.uuid('must be a webhook id (a UUID)').openapi({ param: { name: 'webhookId', in: 'path' } }),
});

/** Events a receiver can subscribe to (`webhook.ping` is sent on request only, never subscribed). */
const SubscribableEvent = z.enum(WEBHOOK_EVENT_TYPES.filter((type) => type !== 'webhook.ping'));

export const CreateWebhookBody = z
  .object({
    url: z
      .string()
      .trim()
      .min(1, 'url: give the HTTPS address that receives the events')
      .max(MAX_ENDPOINT_URL_LENGTH)
      .openapi({ example: 'https://ci.example.com/nodeyard-hook' }),
    description: z.string().trim().max(200).optional(),
    events: z
      .array(SubscribableEvent)
      .min(1, 'events: subscribe to at least one event')
      .max(WEBHOOK_EVENT_TYPES.length)
      .openapi({ example: ['version.active', 'version.flagged'] }),
  })
  .openapi('CreateWebhookRequest');

const LastDeliverySchema = z
  .object({
    id: z.string(),
    event_type: z.string(),
    status: z.enum(['pending', 'succeeded', 'failed']),
    attempts: z.number().int(),
    response_status: z.number().int().nullable(),
    error: z.string().nullable(),
    attempted_at: z.string().nullable(),
    created_at: z.string(),
  })
  .openapi('WebhookDelivery');

export const WebhookSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    description: z.string(),
    events: z.array(z.string()),
    secret_prefix: z.string().openapi({ description: 'The first characters of the secret, to tell secrets apart.' }),
    created_at: z.string(),
    last_delivery: LastDeliverySchema.nullable(),
  })
  .openapi('Webhook');

export const CreatedWebhookSchema = WebhookSchema.extend({
  secret: z.string().openapi({
    description: 'The signing secret (`whsec_…`). In this response only: store it in the receiver now.',
  }),
}).openapi('CreatedWebhook');

export const PingedWebhookSchema = z.object({ event_id: z.string() }).openapi('WebhookPing');

export function toApiWebhook({ endpoint, lastDelivery }: EndpointWithLastDelivery): z.infer<typeof WebhookSchema> {
  return {
    id: endpoint.id,
    url: endpoint.url,
    description: endpoint.description,
    events: endpoint.events,
    secret_prefix: endpoint.secretPrefix,
    created_at: endpoint.createdAt.toISOString(),
    last_delivery: lastDelivery && {
      id: lastDelivery.id,
      event_type: lastDelivery.eventType,
      status: lastDelivery.status,
      attempts: lastDelivery.attempts,
      response_status: lastDelivery.responseStatus,
      error: lastDelivery.lastError,
      attempted_at: lastDelivery.lastAttemptAt?.toISOString() ?? null,
      created_at: lastDelivery.createdAt.toISOString(),
    },
  };
}
