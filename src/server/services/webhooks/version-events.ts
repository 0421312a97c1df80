import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { NodeRow, NodeVersionRow } from '../../db/rows.ts';
import { nodes } from '../../db/schema/index.ts';
import { listVersionFindings } from '../moderation/findings.ts';
import { emitWebhookEvent } from './emit-event.ts';
import type { WebhookEventType } from './event-types.ts';

// The webhook events of versions and nodes, with the bodies receivers get. Called inside the
// transaction that makes the change, after it, so the event commits (or rolls back) with it.

const STATUS_EVENTS: Partial<Record<NodeVersionRow['status'], WebhookEventType>> = {
  NodeVersionStatusActive: 'version.active',
  NodeVersionStatusFlagged: 'version.flagged',
  NodeVersionStatusBanned: 'version.banned',
};

async function publisherOf(tx: Db, nodeId: string): Promise<string | null> {
  const [row] = await tx.select({ publisherId: nodes.publisherId }).from(nodes).where(eq(nodes.id, nodeId));
  return row?.publisherId ?? null;
}

const versionData = (version: NodeVersionRow) => ({
  node_id: version.nodeId,
  version: version.version,
  version_id: version.id,
  status: version.status,
  status_reason: version.statusReason ?? '',
});

/** `version.published`: a version was created (it is Pending until its scan decides). */
export async function emitVersionPublished(tx: Db, version: NodeVersionRow): Promise<void> {
  const publisherId = await publisherOf(tx, version.nodeId);
  if (publisherId) await emitWebhookEvent(tx, { publisherId, type: 'version.published', data: versionData(version) });
}

/**
 * `version.active`, `version.flagged` (with the findings: rule id, severity, file, line, message) or
 * `version.banned`, when a version's status changed to one of those; nothing otherwise.
 */
export async function emitVersionStatusChanged(tx: Db, previousStatus: string, version: NodeVersionRow): Promise<void> {
  const type = STATUS_EVENTS[version.status];
  if (!type || previousStatus === version.status) return;
  const publisherId = await publisherOf(tx, version.nodeId);
  if (!publisherId) return;
  const data: Record<string, unknown> = versionData(version);
  if (type === 'version.flagged') {
    data['findings'] = (await listVersionFindings(tx, version.id)).map((finding) => ({
      rule_id: finding.ruleId,
      severity: finding.severity,
      file: finding.file,
      line: finding.line,
      message: finding.message,
    }));
  }
  await emitWebhookEvent(tx, { publisherId, type, data });
}

/** `node.banned` / `node.unbanned` when an admin changed a node's status to or from banned. */
export async function emitNodeStatusChanged(tx: Db, previousStatus: string, node: NodeRow): Promise<void> {
  const banned = node.status === 'NodeStatusBanned';
  if (banned === (previousStatus === 'NodeStatusBanned')) return;
  await emitWebhookEvent(tx, {
    publisherId: node.publisherId,
    type: banned ? 'node.banned' : 'node.unbanned',
    data: { node_id: node.id, status: node.status },
  });
}

/**
 * `node.banned` / `node.unbanned` for each node a publisher ban took down or its lifting restored,
 * with the publisher's ban named, so the owners hear of every pack that went offline or came back.
 */
export async function emitPublisherNodesStatusChanged(
  tx: Db,
  publisherId: string,
  nodeIds: readonly string[],
  banned: boolean,
): Promise<void> {
  for (const nodeId of nodeIds) {
    await emitWebhookEvent(tx, {
      publisherId,
      type: banned ? 'node.banned' : 'node.unbanned',
      data: {
        node_id: nodeId,
        status: banned ? 'NodeStatusBanned' : 'NodeStatusActive',
        because: banned ? 'publisher_banned' : 'publisher_unbanned',
      },
    });
  }
}
