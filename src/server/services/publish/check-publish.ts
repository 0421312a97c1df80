import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { NodeRow, PublisherRow } from '../../db/rows.ts';
import { nodeVersions, publishers } from '../../db/schema/index.ts';
import { badRequest, forbidden, notFound } from '../../errors.ts';
import { assertIdNotConfusable } from '../nodes/confusable-id.ts';
import { findNode } from '../nodes/find-node.ts';
import { normalizeVersion } from '../versions/semver.ts';
import { isValidNodeId, MAX_NODE_ID_LENGTH } from './node-id.ts';
import type { PublishRequest } from './publish-input.ts';

export const versionExists = (version: string, nodeId: string) =>
  badRequest(`Version ${version} of node ${nodeId} already exists; version numbers are never reused`, 'version_exists');

export async function loadPublishablePublisher(db: Db, publisherId: string): Promise<PublisherRow> {
  const [publisher] = await db.select().from(publishers).where(eq(publishers.id, publisherId)).limit(1);
  if (!publisher) throw notFound(`Publisher "${publisherId}" not found.`);
  if (publisher.status === 'PublisherStatusBanned') {
    throw forbidden(`Publisher "${publisher.id}" is banned and cannot publish.`, 'publisher_banned');
  }
  return publisher;
}

/** The existing node when this publisher may publish to it (or undefined for a new node). */
export async function loadPublishableNode(
  db: Db,
  request: PublishRequest,
  publisher: PublisherRow,
): Promise<NodeRow | undefined> {
  const bodyId = request.node.id;
  if (bodyId.toLowerCase() !== request.nodeId.toLowerCase()) {
    throw badRequest(
      `The node id in the body ("${bodyId}") does not match the node id in the URL ("${request.nodeId}").`,
      'node_id_mismatch',
    );
  }
  if (!isValidNodeId(bodyId)) {
    throw badRequest(
      `"${bodyId.slice(0, MAX_NODE_ID_LENGTH + 20)}" is not a valid node id: use 1–${MAX_NODE_ID_LENGTH} letters, ` +
        'digits, ".", "_" or "-", starting and ending with a letter or digit.',
      'invalid_node_id',
    );
  }
  const existing = await findNode(db, bodyId);
  if (existing && existing.publisherId !== publisher.id) {
    throw forbidden(`Node "${existing.id}" belongs to another publisher.`, 'node_owned_elsewhere');
  }
  if (existing?.status === 'NodeStatusBanned') throw forbidden(`Node "${existing.id}" is banned.`, 'node_banned');
  // A new node: its id must not be a look-alike of another pack's (409 node_id_confusable).
  if (!existing) await assertIdNotConfusable(db, bodyId, publisher.id);
  return existing;
}

/** The normalized version, once it is valid semver and was never used by this node. */
export async function checkNewVersion(db: Db, raw: string, node: NodeRow | undefined): Promise<string> {
  const version = normalizeVersion(raw);
  if (!version) {
    throw badRequest(
      `"${raw.slice(0, 100)}" is not a valid version: use semantic versioning, such as 1.0.0.`,
      'invalid_version',
    );
  }
  if (node) {
    const [used] = await db
      .select({ id: nodeVersions.id })
      .from(nodeVersions)
      .where(and(eq(nodeVersions.nodeId, node.id), eq(nodeVersions.version, version)))
      .limit(1);
    if (used) throw versionExists(version, node.id);
  }
  return version;
}
