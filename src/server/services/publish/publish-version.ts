import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { NodeRow, NodeVersionRow, PublisherRow, TokenRow } from '../../db/rows.ts';
import { archives, nodes, nodeVersions, personalAccessTokens } from '../../db/schema/index.ts';
import { conflict, forbidden } from '../../errors.ts';
import type { AppDeps } from '../../app-deps.ts';
import { ARCHIVE_CONTENT_TYPE, archiveKey, UPLOAD_URL_TTL_SECONDS } from '../archives/archive-key.ts';
import { enqueueAwaitUpload } from '../archives/await-upload.ts';
import { recordAudit, userActor } from '../audit/record.ts';
import { confusableIdViolation } from '../nodes/confusable-id.ts';
import { refreshLatestVersion } from '../versions/latest.ts';
import { checkNewVersion, loadPublishableNode, loadPublishablePublisher, versionExists } from './check-publish.ts';
import { nodeMetadata, versionValues } from './node-values.ts';
import type { PublishRequest } from './publish-input.ts';
import { authenticatePublishToken } from './publish-token.ts';
import { assertTokenMayPublish } from './token-authority.ts';
import { uniqueViolation } from './unique-violation.ts';
import { emitVersionPublished } from '../webhooks/version-events.ts';
import { authorizeCredential, registrationForNode } from '../trusted-publishing/authorize-credential.ts';
import { looksLikeCredential } from '../trusted-publishing/credential-format.ts';
import { recordProvenance } from '../trusted-publishing/record-provenance.ts';
import type { TrustedCredentialRow, TrustedPublisherRow } from '../trusted-publishing/trusted-publisher-row.ts';

export interface PublishResult {
  version: NodeVersionRow;
  signedUrl: string;
}

/**
 * Who publishes: comfy-cli's personal access token (acting for the account that created it), a
 * short-lived credential from trusted publishing (a CI job, services/trusted-publishing), or a
 * signed-in owner or member uploading the zip from the dashboard (publish-archive.ts).
 */
export type PublishActor =
  | { kind: 'token'; token: TokenRow }
  | { kind: 'trusted'; credential: TrustedCredentialRow; registrations: TrustedPublisherRow[] }
  | { kind: 'user'; userId: string };

interface PublishPlan {
  request: PublishRequest;
  actor: PublishActor;
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
    const { actor } = plan;
    if (actor.kind === 'trusted') await recordProvenance(tx, version!.id, actor.credential, actor.registrations[0]);
    if (actor.kind === 'token') {
      await tx
        .update(personalAccessTokens)
        .set({ lastUsedAt: plan.now })
        .where(eq(personalAccessTokens.id, actor.token.id));
    }
    await recordAudit(tx, {
      actor: publishAuditActor(actor),
      action: 'node_version.publish',
      targetType: 'node_version',
      targetId: version!.id,
      before: plan.existing ? { node: plan.existing } : null,
      after: { node, version, ...publishAuditVia(actor) },
    });
    await emitVersionPublished(tx, version!);
    return { version: version!, key };
  });
}

function publishAuditActor(actor: PublishActor) {
  if (actor.kind === 'token') return { userId: actor.token.createdBy, kind: 'token' as const };
  // A CI job is nobody's session: the registration names who allowed it.
  if (actor.kind === 'trusted') return { userId: actor.registrations[0]?.createdBy ?? null, kind: 'token' as const };
  return userActor({ id: actor.userId });
}

/**
 * Which credential published: the key's id and display prefix, or the trusted publisher and the CI run
 * (never a secret). A version uploaded from the dashboard has none: its record names only the account.
 */
function publishAuditVia(actor: PublishActor) {
  if (actor.kind === 'token') return { accessKey: { id: actor.token.id, prefix: actor.token.displayPrefix } };
  if (actor.kind === 'trusted') {
    return {
      via: 'trusted_publishing',
      trustedPublisherId: actor.registrations[0]?.id,
      credentialId: actor.credential.id,
      claims: actor.credential.claims,
    };
  }
  return { via: 'dashboard_upload' };
}

/**
 * The actor as it may publish this node: a trusted publishing credential narrowed to the registration
 * for this node (403 trusted_credential_wrong_node without one); a personal access token refused by a
 * CI-only node (require_trusted_publishing), with the way out.
 */
function actorForNode(node: NodeRow | undefined, nodeId: string, actor: PublishActor): PublishActor {
  if (actor.kind === 'trusted') return { ...actor, registrations: [registrationForNode(actor.registrations, nodeId)] };
  if (!node?.requireTrustedPublishing || actor.kind !== 'token') return actor;
  throw forbidden(
    `Node "${node.id}" accepts publishes from trusted publishing only (CI). In your CI job, request an ` +
      'OIDC identity token, exchange it at POST /trusted-publishing/exchange and publish with the token it ' +
      'returns (docs/publishing.md § Trusted publishing); or have an owner turn require_trusted_publishing off.',
    'trusted_publishing_required',
  );
}

export interface RecordVersionInput {
  request: PublishRequest;
  actor: PublishActor;
  /** Already checked: it exists, is not banned, and the actor may publish to it. */
  publisher: PublisherRow;
  /** The store takes the upload directly (S3): queue the job that waits for and accepts it. */
  awaitUpload: boolean;
}

/**
 * The part of a publish every way in shares: check the node (owned here, not banned, id not a
 * look-alike) and the version (valid semver, never used), then write the node, the archive record
 * and the Pending version in one transaction. Answers the version and the key its zip goes to.
 */
export async function recordNewVersion(
  services: AppDeps,
  input: RecordVersionInput,
): Promise<{ version: NodeVersionRow; key: string }> {
  const { db, clock } = services;
  const { request, publisher } = input;
  const existing = await loadPublishableNode(db, request, publisher);
  const actor = actorForNode(existing, request.node.id, input.actor);
  const version = await checkNewVersion(db, request.nodeVersion.version, existing);
  try {
    return await writePublish(db, { ...input, actor, existing, version, now: clock.now() });
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
}

/**
 * The personal access token's publisher, once the token is live, the publisher exists and is not
 * banned, and the token's creator may still publish to it (in that order: upstream's answers).
 */
export async function authorizePublishToken(
  services: AppDeps,
  secret: string | undefined,
  publisherIdParam: string,
): Promise<{ token: TokenRow; publisher: PublisherRow }> {
  const { db, clock } = services;
  const publisherId = publisherIdParam.toLowerCase();
  const token = await authenticatePublishToken(db, secret, publisherId, clock.now());
  const publisher = await loadPublishablePublisher(db, publisherId);
  // The same policy as every signed-in write, with the token's creator as the actor.
  await assertTokenMayPublish(db, token, publisher);
  return { token, publisher };
}

/**
 * A trusted publishing credential (`nyd_tp_…`) or a personal access token, whichever the request
 * carries; for a credential, which node it may publish is checked once the node is known.
 */
export async function authorizePublish(
  services: AppDeps,
  secret: string | undefined,
  publisherId: string,
): Promise<{ actor: PublishActor; publisher: PublisherRow }> {
  if (secret && looksLikeCredential(secret)) {
    const now = services.clock.now();
    const { credential, registrations, publisher } = await authorizeCredential(services.db, secret, publisherId, now);
    return { actor: { kind: 'trusted', credential, registrations }, publisher };
  }
  const { token, publisher } = await authorizePublishToken(services, secret, publisherId);
  return { actor: { kind: 'token', token }, publisher };
}

/**
 * comfy-cli's publish: check the token, publisher, the token creator's standing, node and version in that order, write the node,
 * archive record and Pending version in one transaction, and hand back a URL to upload the zip to.
 */
export async function publishNodeVersion(services: AppDeps, request: PublishRequest): Promise<PublishResult> {
  const { storage } = services;
  const { actor, publisher } = await authorizePublish(services, request.token, request.publisherId);
  const written = await recordNewVersion(services, { request, actor, publisher, awaitUpload: storage.directUploads });
  const signedUrl = await storage.createUploadUrl(written.key, {
    expiresInSeconds: UPLOAD_URL_TTL_SECONDS,
    contentType: ARCHIVE_CONTENT_TYPE,
  });
  return { version: written.version, signedUrl };
}
