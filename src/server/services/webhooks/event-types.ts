// The events a publisher's webhook endpoint can subscribe to. Names are `<subject>.<what happened>`,
// past tense or state reached, so a receiver can switch on them; new ones are only ever added.

export const WEBHOOK_EVENT_TYPES = [
  /** A version was uploaded and accepted for scanning (state Pending). */
  'version.published',
  /** A version's scan passed (or a moderator cleared it): users can install it. */
  'version.active',
  /** A version was held for review; `data.findings` lists the rules that matched (rule id, file, line). */
  'version.flagged',
  /** A version was banned by a moderator. */
  'version.banned',
  /** Reports quarantined a version (not installable until an admin releases or bans it): docs/moderation.md. */
  'version.quarantined',
  'node.banned',
  'node.unbanned',
  'token.created',
  /** A trusted publisher (CI identity allowed to publish) was added, changed or removed. */
  'trusted_publisher.changed',
  /** Sent only by "Send a test event" in the dashboard, to check an endpoint. */
  'webhook.ping',
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export function isWebhookEventType(value: string): value is WebhookEventType {
  return (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);
}
