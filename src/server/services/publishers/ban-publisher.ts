import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { PublisherRow, UserRow } from '../../db/rows.ts';
import { auditLog, nodes, publishers } from '../../db/schema/index.ts';
import { recordAudit, userActor } from '../audit/record.ts';
import { closeAppealsOnUnban } from '../bans/appeals.ts';
import { emitPublisherNodesStatusChanged } from '../webhooks/version-events.ts';
import { ADMIN_ACTIONS, type AuditExtras } from '../audit/actions.ts';
import { bumpedUpdatedAt } from '../nodes/node-state.ts';

/**
 * Bans a publisher and its active nodes in one transaction. Unlike upstream, its members' accounts
 * are NOT banned (that banned people everywhere, for one publisher). The banned node ids are kept
 * in the audit row so that an unban restores exactly those, and not nodes banned on their own.
 * The reason, the time and the admin are kept with the publisher, so its owners can be told why.
 */
export async function banPublisher(
  db: Db,
  actor: UserRow,
  publisher: PublisherRow,
  now: Date,
  extras: AuditExtras = {},
): Promise<boolean> {
  if (publisher.status === 'PublisherStatusBanned') return false;
  await db.transaction(async (tx) => {
    const banReason = extras.reason ?? null;
    await tx
      .update(publishers)
      .set({ status: 'PublisherStatusBanned', banReason, bannedAt: now, bannedByUserId: actor.id, updatedAt: now })
      .where(eq(publishers.id, publisher.id));
    const banned = await tx
      .update(nodes)
      .set({ status: 'NodeStatusBanned', updatedAt: bumpedUpdatedAt })
      .where(and(eq(nodes.publisherId, publisher.id), eq(nodes.status, 'NodeStatusActive')))
      .returning({ id: nodes.id });
    await recordAudit(tx, {
      actor: userActor(actor),
      action: ADMIN_ACTIONS.publisherBan,
      targetType: 'publisher',
      targetId: publisher.id,
      // banReason in both, so an undo of the unban that follows can give the ban its reason back.
      before: { status: publisher.status, banReason: publisher.banReason },
      after: {
        status: 'PublisherStatusBanned',
        banReason,
        banned_node_ids: banned.map((n) => n.id).sort(),
        ...extras,
      },
    });
    await emitPublisherNodesStatusChanged(tx, publisher.id, banned.map((n) => n.id).sort(), true);
  });
  return true;
}

/** The nodes the publisher's latest ban took down (from its audit row). */
async function nodesOfLastBan(db: Db, publisherId: string): Promise<string[]> {
  const [row] = await db
    .select({ after: auditLog.after })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.targetType, 'publisher'),
        eq(auditLog.targetId, publisherId),
        eq(auditLog.action, ADMIN_ACTIONS.publisherBan),
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(1);
  const ids = (row?.after as { banned_node_ids?: unknown } | null)?.banned_node_ids;
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
}

/**
 * Lifts a publisher ban and restores the nodes that ban took down (still banned, same publisher). Open appeals of
 * the ban are answered as lifted, with the admin's reason if given.
 */
export async function unbanPublisher(
  db: Db,
  actor: UserRow,
  publisher: PublisherRow,
  now: Date,
  extras: AuditExtras = {},
): Promise<boolean> {
  if (publisher.status !== 'PublisherStatusBanned') return false;
  await db.transaction(async (tx) => {
    await tx
      .update(publishers)
      .set({
        status: 'PublisherStatusActive',
        banReason: null,
        bannedAt: null,
        bannedByUserId: null,
        updatedAt: now,
      })
      .where(eq(publishers.id, publisher.id));
    await closeAppealsOnUnban(tx, { type: 'publisher', id: publisher.id }, actor, extras.reason, now);
    const ids = await nodesOfLastBan(tx, publisher.id);
    const restored = ids.length
      ? await tx
          .update(nodes)
          .set({ status: 'NodeStatusActive', updatedAt: bumpedUpdatedAt })
          .where(and(inArray(nodes.id, ids), eq(nodes.publisherId, publisher.id), eq(nodes.status, 'NodeStatusBanned')))
          .returning({ id: nodes.id })
      : [];
    await recordAudit(tx, {
      actor: userActor(actor),
      action: ADMIN_ACTIONS.publisherUnban,
      targetType: 'publisher',
      targetId: publisher.id,
      before: { status: publisher.status, banReason: publisher.banReason },
      after: {
        status: 'PublisherStatusActive',
        banReason: null,
        restored_node_ids: restored.map((n) => n.id).sort(),
        ...extras,
      },
    });
    await emitPublisherNodesStatusChanged(tx, publisher.id, restored.map((n) => n.id).sort(), false);
  });
  return true;
}
