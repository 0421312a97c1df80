import { and, asc, eq, ne } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../db/client.ts';
import type { PublisherRow, UserRow } from '../../db/rows.ts';
import { nodes, trustedPublishers } from '../../db/schema/index.ts';
import { badRequest, forbidden, notFound } from '../../errors.ts';
import { recordAudit, userActor } from '../audit/record.ts';
import { emitWebhookEvent } from '../webhooks/emit-event.ts';
import { findNode } from '../nodes/find-node.ts';
import { isValidNodeId, MAX_NODE_ID_LENGTH } from '../publish/node-id.ts';
import { DEFAULT_TRUSTED_PUBLISHING, findIssuer } from './issuers.ts';
import { isValidRefPattern } from './ref-pattern.ts';
import type { TrustedPublisherRow } from './trusted-publisher-row.ts';

export interface NewTrustedPublisher {
  nodeId: string;
  /** Absent: GitHub Actions (the first configured issuer). */
  issuer?: string | undefined;
  repository: string;
  repositoryId?: string | undefined;
  repositoryOwnerId?: string | undefined;
  workflow: string;
  environment?: string | undefined;
  refPattern?: string | undefined;
}

/** The publisher's registrations, pending ones (node not created yet) included, oldest first. */
export async function listTrustedPublishers(db: Db, publisher: PublisherRow) {
  const registrations = await db
    .select()
    .from(trustedPublishers)
    .where(eq(trustedPublishers.publisherId, publisher.id))
    .orderBy(asc(trustedPublishers.createdAt), asc(trustedPublishers.id));
  const publisherNodes = await db
    .select({ id: nodes.id, requireTrustedPublishing: nodes.requireTrustedPublishing })
    .from(nodes)
    .where(and(eq(nodes.publisherId, publisher.id), ne(nodes.status, 'NodeStatusDeleted')))
    .orderBy(asc(nodes.normalizedId));
  const existing = new Set(publisherNodes.map((node) => node.id.toLowerCase()));
  return {
    registrations: registrations.map((row) => ({ row, pending: !existing.has(row.nodeId.toLowerCase()) })),
    nodes: publisherNodes,
  };
}

export async function addTrustedPublisher(
  services: AppDeps,
  actor: UserRow,
  publisher: PublisherRow,
  input: NewTrustedPublisher,
): Promise<{ row: TrustedPublisherRow; pending: boolean }> {
  const { db, clock } = services;
  const config = services.config.trustedPublishing ?? DEFAULT_TRUSTED_PUBLISHING;
  const issuer = input.issuer ?? config.issuers[0]!.issuer;
  if (!findIssuer(config, issuer)) {
    throw badRequest(
      `Issuer "${issuer.slice(0, 200)}" is not accepted here. Accepted: ${config.issuers.map((i) => i.issuer).join(', ')}.`,
      'oidc_unknown_issuer',
    );
  }
  if (!isValidNodeId(input.nodeId)) {
    throw badRequest(`"${input.nodeId.slice(0, MAX_NODE_ID_LENGTH + 20)}" is not a valid node id.`, 'invalid_node_id');
  }
  if (input.refPattern !== undefined && !isValidRefPattern(input.refPattern)) {
    throw badRequest(
      `"${input.refPattern.slice(0, 100)}" is not a ref pattern: use a full ref with * wildcards, such as refs/tags/v*.`,
      'invalid_ref_pattern',
    );
  }
  const node = await findNode(db, input.nodeId);
  // A pending registration may name a node id nobody holds yet; never one of another publisher.
  if (node && node.publisherId !== publisher.id) {
    throw forbidden(`Node "${node.id}" belongs to another publisher.`, 'node_owned_elsewhere');
  }
  const now = clock.now();
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(trustedPublishers)
      .values({
        publisherId: publisher.id,
        nodeId: node?.id ?? input.nodeId,
        issuer,
        repository: input.repository,
        repositoryId: input.repositoryId ?? null,
        repositoryOwnerId: input.repositoryOwnerId ?? null,
        workflow: input.workflow,
        environment: input.environment ?? null,
        refPattern: input.refPattern ?? null,
        createdBy: actor.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await recordAudit(tx, {
      actor: userActor(actor),
      action: 'trusted_publisher.create',
      targetType: 'trusted_publisher',
      targetId: created!.id,
      after: created,
    });
    // Who may publish without a token changed: the owners hear of it (an unexpected one is an alarm).
    await emitWebhookEvent(tx, {
      publisherId: publisher.id,
      type: 'trusted_publisher.changed',
      data: { change: 'added', ...trustedPublisherEventData(created!), changed_by: actor.id },
    });
    return created!;
  });
  return { row, pending: !node || node.status === 'NodeStatusDeleted' };
}

export async function removeTrustedPublisher(
  db: Db,
  actor: UserRow,
  publisher: PublisherRow,
  id: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(trustedPublishers)
      .where(and(eq(trustedPublishers.id, id), eq(trustedPublishers.publisherId, publisher.id)))
      .returning();
    // Another publisher's registration is as unknown as a made-up id.
    if (!removed) throw notFound(`Trusted publisher "${id}" not found in publisher "${publisher.id}".`);
    await recordAudit(tx, {
      actor: userActor(actor),
      action: 'trusted_publisher.delete',
      targetType: 'trusted_publisher',
      targetId: removed.id,
      before: removed,
    });
    await emitWebhookEvent(tx, {
      publisherId: publisher.id,
      type: 'trusted_publisher.changed',
      data: { change: 'removed', ...trustedPublisherEventData(removed), changed_by: actor.id },
    });
  });
}

/** What a webhook receiver learns about a registration: where CI may publish from, never a credential. */
function trustedPublisherEventData(row: TrustedPublisherRow) {
  return {
    trusted_publisher_id: row.id,
    node_id: row.nodeId,
    issuer: row.issuer,
    repository: row.repository,
    workflow: row.workflow,
    environment: row.environment,
    ref_pattern: row.refPattern,
  };
}
