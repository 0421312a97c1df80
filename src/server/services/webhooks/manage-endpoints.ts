import { randomUUID } from 'node:crypto';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/rows.ts';
import { webhookEndpoints } from '../../db/schema/index.ts';
import { ApiError, notFound } from '../../errors.ts';
import { recordAudit, userActor } from '../audit/record.ts';
import { emitWebhookEvent } from './emit-event.ts';
import { encryptEndpointSecret, generateEndpointSecret, secretDisplayPrefix } from './endpoint-secret.ts';
import { checkEndpointUrl } from './endpoint-url.ts';
import type { WebhookEventType } from './event-types.ts';

// Registering, removing and pinging a publisher's webhook endpoints. Every change is audited in the
// same transaction; the audit rows never carry the secret (nor its ciphertext).

/** Endpoints per publisher: enough for a CI, a chat bot and a mirror, not a fan-out amplifier. */
export const MAX_ENDPOINTS_PER_PUBLISHER = 10;

export type EndpointRow = typeof webhookEndpoints.$inferSelect;

export interface CreateEndpointInput {
  url: string;
  description: string;
  events: WebhookEventType[];
}

const auditView = (row: EndpointRow) => ({
  url: row.url,
  description: row.description,
  events: row.events,
  secretPrefix: row.secretPrefix,
});

/** Registers an endpoint; the plaintext secret is answered here once and never again. */
export async function createEndpoint(
  db: Db,
  options: { actor: UserRow; publisherId: string; serverSecret: string; allowLoopback: boolean; now: Date },
  input: CreateEndpointInput,
): Promise<{ row: EndpointRow; secret: string }> {
  const check = checkEndpointUrl(input.url, options.allowLoopback);
  if (!check.ok) throw new ApiError(400, 'webhook_url_refused', `This URL cannot receive webhooks: ${check.message}.`);
  const id = randomUUID();
  const secret = generateEndpointSecret();
  const row = await db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ n: count() })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.publisherId, options.publisherId));
    if ((existing?.n ?? 0) >= MAX_ENDPOINTS_PER_PUBLISHER) {
      throw new ApiError(
        409,
        'webhook_limit_reached',
        `A publisher can have at most ${MAX_ENDPOINTS_PER_PUBLISHER} webhook endpoints; remove one first.`,
      );
    }
    const [created] = await tx
      .insert(webhookEndpoints)
      .values({
        id,
        publisherId: options.publisherId,
        url: check.url.href,
        description: input.description,
        // One of each, in the canonical order, whatever order the request listed them in.
        events: [...new Set(input.events)].sort(),
        secretCiphertext: encryptEndpointSecret(secret, id, options.serverSecret),
        secretPrefix: secretDisplayPrefix(secret),
        createdBy: options.actor.id,
        createdAt: options.now,
        updatedAt: options.now,
      })
      .returning();
    await recordAudit(tx, {
      actor: userActor(options.actor),
      action: 'webhook.create',
      targetType: 'webhook_endpoint',
      targetId: id,
      after: auditView(created!),
    });
    return created!;
  });
  return { row, secret };
}

async function findEndpoint(db: Db, publisherId: string, endpointId: string): Promise<EndpointRow> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.publisherId, publisherId)));
  // Another publisher's endpoint is as unknown as a missing one: nobody learns it exists.
  if (!row) throw notFound('No webhook endpoint with this id for this publisher.');
  return row;
}

/** Removes an endpoint and (by cascade) its deliveries; queued delivery jobs then find nothing to send. */
export async function deleteEndpoint(db: Db, actor: UserRow, publisherId: string, endpointId: string) {
  await db.transaction(async (tx) => {
    const row = await findEndpoint(tx, publisherId, endpointId);
    await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, row.id));
    await recordAudit(tx, {
      actor: userActor(actor),
      action: 'webhook.delete',
      targetType: 'webhook_endpoint',
      targetId: row.id,
      before: auditView(row),
    });
  });
}

/**
 * Queues a `webhook.ping` to this one endpoint (whatever it subscribed to), so an owner can check
 * their receiver from the dashboard. The ping is an event of the publisher like any other.
 */
export async function pingEndpoint(
  db: Db,
  actor: UserRow,
  publisherId: string,
  endpointId: string,
): Promise<{ eventId: string }> {
  return db.transaction(async (tx) => {
    const row = await findEndpoint(tx, publisherId, endpointId);
    await recordAudit(tx, {
      actor: userActor(actor),
      action: 'webhook.ping',
      targetType: 'webhook_endpoint',
      targetId: row.id,
    });
    const { eventId } = await emitWebhookEvent(
      tx,
      { publisherId, type: 'webhook.ping', data: { endpoint_id: row.id } },
      { onlyEndpointId: row.id },
    );
    // The endpoint was found in this transaction, so the ping has its one delivery.
    if (eventId === null) throw notFound('No webhook endpoint with this id for this publisher.');
    return { eventId };
  });
}

export async function listEndpointRows(db: Db, publisherId: string): Promise<EndpointRow[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.publisherId, publisherId))
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
}
