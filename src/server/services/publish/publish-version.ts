import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { NodeRow, NodeVersionRow, PublisherRow, TokenRow } from '../../db/rows.ts';
import { archives, nodes, nodeVersions, personalAccessTokens } from '../../db/schema/index.ts';
import { conflict } from '../../errors.ts';
import type { Services } from '../../container.ts';
import { ARCHIVE_CONTENT_TYPE, archiveKey, UPLOAD_URL_TTL_SECONDS } from '../archives/archive-key.ts';
import { enqueueAwaitUpload } from '../archives/await-upload.ts';
import { recordAudit } from '../audit/record.ts';
import { confusableIdViolation } from '../nodes/confusable-id.ts';
import { refreshLatestVersion } from '../versions/latest.ts';
import { checkNewVersion, loadPublishableNode, loadPublishablePublisher, versionExists } from './check-publish.ts';
import { nodeMetadata, versionValues } from './node-values.ts';
import type { PublishRequest } from './publish-input.ts';
import { authenticatePublishToken } from './publish-token.ts';
import { assertTokenMayPublish } from './token-authority.ts';
import { uniqueViolation } from './unique-violation.ts';

export interface PublishResult {
  version: NodeVersionRow;
  signedUrl: string;
}

interface PublishPlan {
  request: PublishRequest;
  token: TokenRow;
  publisher: PublisherRow;
  existing: NodeRow | undefined;
  version: string;
  now: Date;
  /** The store takes the upload directly (S3): queue the job that waits for and accepts it. */
  awaitUpload: boolean;
}

/** Creates the node or refreshes its metadata; a deleted node comes back with its owner's new version. */
async function upsertNode(tx: Db, plan: PublishPlan): Promise<NodeRow> {
  const metadata = nodeMetadata(plan.request.node);
  if (plan.existing) {
    const revive = plan.existing.status === 'NodeStatusDeleted' ? { status: 'NodeStatusActive' as const } : {};
    const [row] = await tx
      .update(nodes)
      .set({ ...metadata, ...revive, updatedAt: plan.now })
      .where(eq(nodes.id, plan.existing.id))
      .returning();
    return row!;
  }
  const id = plan.request.node.id;
  const [row] = await tx
    .insert(nodes)
    .values({ name: id, ...metadata, id, normalizedId: id.toLowerCase(), publisherId: plan.publisher.id })
    .returning();
  return row!;
}

async function writePublish(db: Db, plan: PublishPlan): Promise<{ version: NodeVersionRow; key: string }> {
  return db.transaction(async (tx) => {
    const node = await upsertNode(tx, plan);
    const key = archiveKey(plan.publisher.id, node.id, plan.version);
    const [archive] = await tx.insert(archives).values({ key, contentType: ARCHIVE_CONTENT_TYPE }).returning();
    if (plan.awaitUpload) await enqueueAwaitUpload(tx, key, plan.now);
    const [version] = await tx
      .insert(nodeVersions)
      .values({
        nodeId: node.id,
        version: plan.version,
        status: 'NodeVersionStatusPending',
        archiveId: archive!.id,
        ...versionValues(plan.request.nodeVersion, plan.request.node),
      })
      .returning();
    await refreshLatestVersion(tx, node.id);
    await tx
      .update(personalAccessTokens)
      .set({ lastUsedAt: plan.now })
      .where(eq(personalAccessTokens.id, plan.token.id));
    await recordAudit(tx, {
      actor: { userId: plan.token.createdBy, kind: 'token' },
      action: 'node_version.publish',
      targetType: 'node_version',
      targetId: version!.id,
      before: plan.existing ? { node: plan.existing } : null,
      // The key's id and display prefix say which credential was used; the secret never gets here.
      after: { node, version, accessKey: { id: plan.token.id, prefix: plan.token.displayPrefix } },
    });
    return { version: version!, key };
  });
}

/**
 * comfy-cli's publish: check the token, publisher, the token creator's standing, node and version in that order, write the node,
 * archive record and Pending version in one transaction, and hand back a URL to upload the zip to.
 */
export async function publishNodeVersion(services: Services, request: PublishRequest): Promise<PublishResult> {
  const { db, clock, storage } = services;
  const now = clock.now();
  const publisherId = request.publisherId.toLowerCase();
  const token = await authenticatePublishToken(db, request.token, publisherId, now);
  const publisher = await loadPublishablePublisher(db, publisherId);
  // The same policy as every signed-in write, with the token's creator as the actor.
  await assertTokenMayPublish(db, token, publisher);
  const existing = await loadPublishableNode(db, request, publisher);
  const version = await checkNewVersion(db, request.nodeVersion.version, existing);
  let written: { version: NodeVersionRow; key: string };
  try {
    written = await writePublish(db, {
      request,
      token,
      publisher,
      existing,
      version,
      now,
      awaitUpload: storage.directUploads,
    });
  } catch (error) {
    // Two publishes racing for the same version (or the same new node id): the loser gets the
    // answer it would have got a moment later, never a 500.
    const constraint = uniqueViolation(error);
    if (constraint === null) throw error;
    if (constraint.startsWith('node_versions') || constraint.startsWith('archives')) {
      throw versionExists(version, existing?.id ?? request.node.id);
    }
    const confusable = await confusableIdViolation(db, error, request.node.id, publisher.id);
    if (confusable) throw confusable;
    throw conflict('Another publish of this node is in progress; try again.', 'publish_in_progress');
  }
  const signedUrl = await storage.createUploadUrl(written.key, {
    expiresInSeconds: UPLOAD_URL_TTL_SECONDS,
    contentType: ARCHIVE_CONTENT_TYPE,
  });
  return { version: written.version, signedUrl };
}
