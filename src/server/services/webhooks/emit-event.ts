import { z } from 'zod';
import { and, arrayContains, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema/index.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { defineJobKind } from '../../jobs/job-kind.ts';
import type { WebhookEventType } from './event-types.ts';

export type { WebhookEventType } from './event-types.ts';

/** Attempts per delivery: with the queue's backoff (5 s doubling, capped at 10 min) about 40 minutes in all. */
export const WEBHOOK_MAX_ATTEMPTS = 10;

/** The job that sends one delivery (handler: deliver-webhook.ts). */
export const WEBHOOK_DELIVER_JOB = defineJobKind({
  name: 'webhook.deliver',
  payload: z.object({ deliveryId: z.guid() }),
  // A delivery row is sent by one job; queueing it twice would send it twice.
  dedupeKey: ({ deliveryId }) => deliveryId,
  maxAttempts: WEBHOOK_MAX_ATTEMPTS,
});

export interface WebhookEventInput {
  publisherId: string;
  type: WebhookEventType;
  /** The event's JSON body (`data` of the delivered payload). No secrets: every endpoint of the publisher sees it. */
  data: Record<string, unknown>;
}

export interface EmitOptions {
  /** Deliver to this one endpoint of the publisher, subscribed or not (the dashboard's test ping). */
  onlyEndpointId?: string;
}

export interface EmittedWebhookEvent {
  /** Null when no endpoint wanted it: nothing is recorded then. */
  eventId: string | null;
  /** How many endpoints it was queued for. */
  deliveries: number;
}

/**
 * Records an event of a publisher and queues one delivery per endpoint subscribed to its type.
 * Pass the caller's transaction as `db` so the event exists exactly when the change it reports
 * commits (a rolled-back publish sends nothing). One indexed read when no endpoint wants it (most
 * publishers have none): then nothing is written, so publishes and scans do not grow the tables.
 */
export async function emitWebhookEvent(
  db: Db,
  input: WebhookEventInput,
  options: EmitOptions = {},
): Promise<EmittedWebhookEvent> {
  const endpoints = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.publisherId, input.publisherId),
        options.onlyEndpointId === undefined
          ? arrayContains(webhookEndpoints.events, [input.type])
          : eq(webhookEndpoints.id, options.onlyEndpointId),
      ),
    )
    .orderBy(webhookEndpoints.createdAt, webhookEndpoints.id);
  if (endpoints.length === 0) return { eventId: null, deliveries: 0 };
  const [event] = await db
    .insert(webhookEvents)
    .values({ publisherId: input.publisherId, type: input.type, data: input.data })
    .returning({ id: webhookEvents.id });
  const eventId = event!.id;
  for (const endpoint of endpoints) {
    const [delivery] = await db
      .insert(webhookDeliveries)
      .values({ eventId, endpointId: endpoint.id })
      .returning({ id: webhookDeliveries.id });
    await enqueueJob(db, WEBHOOK_DELIVER_JOB, { deliveryId: delivery!.id });
  }
  // No wake-up: every caller is inside a transaction, so the worker would look before the commit.
  // Its next poll (half a second) picks the jobs up, or the drain it is in when a job emitted them.
  return { eventId, deliveries: endpoints.length };
}
