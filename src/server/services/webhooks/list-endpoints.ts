import { desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { webhookDeliveries, webhookEvents } from '../../db/schema/index.ts';
import { listEndpointRows, type EndpointRow } from './manage-endpoints.ts';

// A publisher's endpoints, newest first, each with its most recent delivery: what the dashboard lists.

export interface LastDelivery {
  id: string;
  eventType: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: number;
  responseStatus: number | null;
  lastError: string | null;
  lastAttemptAt: Date | null;
  createdAt: Date;
}

export interface EndpointWithLastDelivery {
  endpoint: EndpointRow;
  lastDelivery: LastDelivery | null;
}

export async function listEndpoints(db: Db, publisherId: string): Promise<EndpointWithLastDelivery[]> {
  const endpoints = await listEndpointRows(db, publisherId);
  if (endpoints.length === 0) return [];
  // One row per endpoint: its newest delivery (DISTINCT ON keeps the first of each endpoint's group).
  const latest = await db
    .selectDistinctOn([webhookDeliveries.endpointId], {
      endpointId: webhookDeliveries.endpointId,
      id: webhookDeliveries.id,
      eventType: webhookEvents.type,
      status: webhookDeliveries.status,
      attempts: webhookDeliveries.attempts,
      responseStatus: webhookDeliveries.responseStatus,
      lastError: webhookDeliveries.lastError,
      lastAttemptAt: webhookDeliveries.lastAttemptAt,
      createdAt: webhookDeliveries.createdAt,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(
      inArray(
        webhookDeliveries.endpointId,
        endpoints.map((row) => row.id),
      ),
    )
    .orderBy(webhookDeliveries.endpointId, desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id));
  const byEndpoint = new Map(latest.map(({ endpointId, ...delivery }) => [endpointId, delivery]));
  return endpoints.map((endpoint) => ({ endpoint, lastDelivery: byEndpoint.get(endpoint.id) ?? null }));
}
