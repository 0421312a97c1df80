// Webhook shapes the dashboard reads, from the generated API types (routes/webhooks/schemas.ts).
import type { ApiSchema } from '../../../lib/api/types.ts';

export type Webhook = ApiSchema<'Webhook'>;
export type CreatedWebhook = ApiSchema<'CreatedWebhook'>;
/** The schema is registered as nullable (an endpoint may have none yet): the type of one that exists. */
export type WebhookDelivery = NonNullable<ApiSchema<'WebhookDelivery'>>;

/** The events an owner can subscribe to, in the order the form offers them, with their label keys. */
export const SUBSCRIBABLE_EVENTS = [
  ['version.published', 'webhooks.event.versionPublished'],
  ['version.active', 'webhooks.event.versionActive'],
  ['version.flagged', 'webhooks.event.versionFlagged'],
  ['version.banned', 'webhooks.event.versionBanned'],
  ['version.quarantined', 'webhooks.event.versionQuarantined'],
  ['node.banned', 'webhooks.event.nodeBanned'],
  ['node.unbanned', 'webhooks.event.nodeUnbanned'],
  ['token.created', 'webhooks.event.tokenCreated'],
  ['trusted_publisher.changed', 'webhooks.event.trustedPublisherChanged'],
] as const;

export type SubscribableEvent = (typeof SUBSCRIBABLE_EVENTS)[number][0];
