import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../db/client.ts';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema/index.ts';
import { PermanentJobError } from '../../jobs/permanent-error.ts';
import type { TypedJob } from '../../jobs/job-kind.ts';
import type { JobHandler } from '../../jobs/worker.ts';
import { WEBHOOK_DELIVER_JOB } from './emit-event.ts';
import { decryptEndpointSecret } from './endpoint-secret.ts';
import { checkEndpointUrl } from './endpoint-url.ts';
import { sendWebhook, type SendOutcome } from './send-webhook.ts';
import { SIGNATURE_HEADER, signatureHeader } from './signature.ts';

// The `webhook.deliver` job: sends one event to one endpoint, signed, and records the attempt on the
// delivery row (what the dashboard lists). A non-2xx answer or a network failure throws, so the queue
// retries it with its exponential backoff until the attempts run out (onGiveUp marks it failed); an
// address the policy refuses fails at once, since a retry would be refused the same way.

const DEFAULT_TIMEOUT_MS = 10_000;

type DeliveryJob = TypedJob<{ deliveryId: string }>;

/** The JSON body every endpoint receives; `id` is the event's, the same for every endpoint and retry. */
export function deliveryBody(event: typeof webhookEvents.$inferSelect): string {
  return JSON.stringify({
    id: event.id,
    type: event.type,
    created_at: event.createdAt.toISOString(),
    publisher_id: event.publisherId,
    data: event.data,
  });
}

async function loadDelivery(db: Db, deliveryId: string) {
  const [row] = await db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints, event: webhookEvents })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.id, deliveryId));
  return row;
}

function attemptError(outcome: SendOutcome): string | null {
  if (outcome.kind === 'answered') {
    return outcome.status >= 200 && outcome.status < 300 ? null : `the endpoint answered ${outcome.status}`;
  }
  return outcome.message;
}

async function deliver(services: AppDeps, job: DeliveryJob): Promise<void> {
  const { deliveryId } = job.payload;
  const row = await loadDelivery(services.db, deliveryId);
  // Deleted with its endpoint, or already settled (a job run twice): nothing to send.
  if (!row || row.delivery.status !== 'pending') return;
  const { config, clock } = services;
  const allowLoopback = config.webhookAllowLoopback === true;
  const record = (changes: Partial<typeof webhookDeliveries.$inferInsert>) =>
    services.db
      .update(webhookDeliveries)
      .set({ attempts: job.attempts, lastAttemptAt: clock.now(), ...changes })
      .where(eq(webhookDeliveries.id, deliveryId));

  // Failures a retry cannot fix: recorded, and the job gives up at once.
  const refuse = async (reason: string): Promise<never> => {
    await record({ status: 'failed', responseStatus: null, lastError: reason });
    throw new PermanentJobError(reason);
  };
  const target = checkEndpointUrl(row.endpoint.url, allowLoopback);
  if (!target.ok) return refuse(`refused: ${target.message}`);
  const secret = decryptEndpointSecret(row.endpoint.secretCiphertext, row.endpoint.id, config.signingSecret);
  if (secret === null)
    return refuse("the endpoint's secret cannot be read (the server's signing secret changed): roll it");

  const body = deliveryBody(row.event);
  const timestamp = Math.floor(clock.now().getTime() / 1000);
  const outcome = await sendWebhook({
    url: target.url,
    body,
    headers: {
      [SIGNATURE_HEADER]: signatureHeader(secret, timestamp, body),
      'nodeyard-event': row.event.type,
      'nodeyard-delivery': deliveryId,
    },
    allowLoopback,
    timeoutMs: config.webhookTimeoutMs ?? DEFAULT_TIMEOUT_MS,
  });
  if (outcome.kind === 'refused') return refuse(`refused: ${outcome.message}`);
  const error = attemptError(outcome);
  const responseStatus = outcome.kind === 'answered' ? outcome.status : null;
  await record({ status: error === null ? 'succeeded' : 'pending', responseStatus, lastError: error });
  if (error !== null) throw new Error(error);
}

export function webhookDeliveryHandler(): JobHandler<DeliveryJob['payload']> {
  return {
    kind: WEBHOOK_DELIVER_JOB,
    run: deliver,
    async onGiveUp(tx, job) {
      const { deliveryId } = job.payload;
      await tx.update(webhookDeliveries).set({ status: 'failed' }).where(eq(webhookDeliveries.id, deliveryId));
    },
  };
}
