import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { App, AppEnv } from '../../app-env.ts';
import { authorizePublisher } from '../../auth/publisher-access.ts';
import { bearerToken, requireVerifiedUser } from '../../auth/viewer.ts';
import type { PublisherRow } from '../../db/rows.ts';
import { ApiError } from '../../errors.ts';
import { packPublishBody } from '../../services/publish/pack-publish-body.ts';
import { publishArchive } from '../../services/publish/publish-archive.ts';
import { authorizePublish, type PublishActor } from '../../services/publish/publish-version.ts';
import { assertNamesPublisher, readUploadedPack } from '../../services/publish/read-uploaded-pack.ts';
import { toApiNodeVersion } from '../../services/serialize/node-version.ts';
import { looksLikeToken } from '../../services/tokens/token-format.ts';
import { looksLikeCredential } from '../../services/trusted-publishing/credential-format.ts';
import { bearerSecurity, ErrorResponseSchema, errorResponses, NodeVersionSchema } from '../schemas.ts';
import { readLimitedBody } from '../storage/read-limited-body.ts';
import { PublishNodeSchema, PublishVersionSchema } from './publish-schemas.ts';
import { PublisherParams } from './schemas.ts';

// The dashboard's "upload a zip" (and `comfy node pack` + curl, for registries comfy-cli cannot
// address): one request carries the zip, whose own pyproject.toml says which node and version it
// is. It goes through comfy-cli's publish checks and its upload's acceptance (publishArchive), so
// the version gets the same validation, scan and findings.

/** The path, for the body-size cap this route applies itself (app.ts). */
export const UPLOAD_NODE_ARCHIVE_PATH = /^\/publishers\/[^/]+\/archives$/;

const ZIP_TYPES = new Set(['application/zip', 'application/octet-stream', 'application/x-zip-compressed']);

/** What pyproject.toml yields, held to the limits of comfy-cli's JSON body. */
const PackMetadataSchema = z.object({ node: PublishNodeSchema, node_version: PublishVersionSchema });

const UploadResponseSchema = z
  .object({
    node_version: NodeVersionSchema.openapi({
      description: 'The new version, Pending: its scan is queued and makes it Active or Flagged in about a second.',
    }),
  })
  .openapi('NodeArchiveUploadResponse');

const route = createRoute({
  method: 'post',
  path: '/publishers/{publisherId}/archives',
  operationId: 'uploadNodeArchive',
  tags: ['Registry'],
  summary: 'Publish a new version by uploading its zip',
  description:
    'Nodeyard addition. The body is the zip `comfy node pack` makes; its top-level pyproject.toml names the node ' +
    '(`[project] name`), the version (`version`), the publisher (`[tool.comfy] PublisherId`, which must be this ' +
    'one) and the metadata comfy-cli would send. Authorized by a Firebase ID token of the publisher’s owners or ' +
    'members (verified e-mail), or by one of its personal access tokens (`Authorization: Bearer nyd_pat_…`), or ' +
    'by a trusted publishing token (`nyd_tp_…`, docs/publishing.md) for the nodes it was issued for. ' +
    'The zip meets the archive rules of `PUT /storage/objects` (400 `invalid_archive` / `archive_ambiguous`, with ' +
    'the rule and entry in `details`), then the checks and writes of publishNodeVersion; the version starts ' +
    'Pending and is scanned like any other.',
  security: bearerSecurity,
  request: {
    params: PublisherParams,
    body: {
      required: true,
      content: { 'application/zip': { schema: z.string().openapi({ type: 'string', format: 'binary' }) } },
    },
  },
  responses: {
    201: {
      description: 'Version published; its scan is queued',
      content: { 'application/json': { schema: UploadResponseSchema } },
    },
    ...errorResponses(400, 401, 403, 404, 409, 413),
    415: { description: 'Not a zip content type', content: { 'application/json': { schema: ErrorResponseSchema } } },
  },
});

/**
 * Who publishes: a personal access token of the publisher or a trusted publishing token (CI, for the
 * nodes it was issued for), else the signed-in owner or member.
 */
async function authorizeUpload(
  c: Context<AppEnv>,
  publisherId: string,
): Promise<{ actor: PublishActor; publisher: PublisherRow }> {
  const secret = bearerToken(c);
  if (secret && (looksLikeToken(secret) || looksLikeCredential(secret))) {
    return authorizePublish(c.get('services'), secret, publisherId);
  }
  // Publishing makes the pack public under this account's publisher: the same verified address a
  // token needs to be created (requireVerifiedUser: 401 anonymous, 403 banned or unverified).
  await requireVerifiedUser(c);
  const { viewer, publisher } = await authorizePublisher(c, publisherId, 'version.publish');
  return { actor: { kind: 'user', userId: viewer.id }, publisher };
}

function checkContentType(header: string | undefined) {
  const essence = (header ?? '').split(';')[0]!.trim().toLowerCase();
  if (!ZIP_TYPES.has(essence)) {
    throw new ApiError(
      415,
      'unsupported_media_type',
      `Send the zip with Content-Type: application/zip (got ${header ? `"${header}"` : 'none'}).`,
    );
  }
}

export function registerUploadNodeArchive(app: App) {
  app.openapi(route, async (c) => {
    const services = c.get('services');
    const { actor, publisher } = await authorizeUpload(c, c.req.valid('param').publisherId);
    checkContentType(c.req.header('content-type'));
    const bytes = await readLimitedBody(c.req.raw, services.config.maxArchiveBytes);
    const project = await readUploadedPack(services, bytes);
    assertNamesPublisher(project, publisher.id);
    // A ZodError here answers 400 validation_error naming the field (app.ts), as for comfy-cli's body.
    const metadata = PackMetadataSchema.parse(packPublishBody(project));
    const version = await publishArchive(services, {
      request: {
        publisherId: publisher.id,
        nodeId: metadata.node.id,
        token: undefined,
        node: metadata.node,
        nodeVersion: metadata.node_version,
      },
      actor,
      publisher,
      bytes,
    });
    return c.json({ node_version: toApiNodeVersion(version, { config: services.config, hasArchive: true }) }, 201);
  });
}
