import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { App, AppEnv } from '../../app-env.ts';
import { bearerToken } from '../../auth/viewer.ts';
import { publishNodeVersion } from '../../services/publish/publish-version.ts';
import { toApiNodeVersion } from '../../services/serialize/node-version.ts';
import { looksLikeToken } from '../../services/tokens/token-format.ts';
import { looksLikeCredential } from '../../services/trusted-publishing/credential-format.ts';
import { bearerSecurity, errorResponses, NodeVersionSchema } from '../schemas.ts';
import { PublishNodeSchema, PublishVersionSchema } from './publish-schemas.ts';

const PublishBodySchema = z
  .object({
    personal_access_token: z
      .string()
      .max(1000)
      .nullish()
      .openapi({
        description:
          'The publisher’s personal access token, or a trusted publishing token from POST ' +
          '/trusted-publishing/exchange (or send either as `Authorization: Bearer nyd_pat_…` / `nyd_tp_…`).',
      }),
    node: PublishNodeSchema,
    node_version: PublishVersionSchema,
  })
  .openapi('PublishNodeVersionRequest');

const PublishResponseSchema = z
  .object({
    node_version: NodeVersionSchema,
    signedUrl: z.string().openapi({ description: 'Where to PUT the zip (Content-Type: application/zip), 15 minutes.' }),
  })
  .openapi('PublishNodeVersionResponse');

const route = createRoute({
  method: 'post',
  path: '/publishers/{publisherId}/nodes/{nodeId}/versions',
  operationId: 'publishNodeVersion',
  tags: ['Registry'],
  summary: 'Publish a new version of a node',
  description:
    'comfy-cli’s `comfy node publish`. Authenticated by a personal access token of the publisher. Creates the ' +
    'node or updates its metadata, creates the version (Pending) and returns a signed URL for the zip. A new ' +
    "node's id must not differ from an existing node's only in letter case or `-`, `_`, `.` (409 " +
    '`node_id_confusable`). A trusted publishing token (docs/publishing.md) publishes only the nodes it was ' +
    'issued for (403 `trusted_credential_wrong_node`); a node with require_trusted_publishing refuses a ' +
    'personal access token (403 `trusted_publishing_required`).',
  security: bearerSecurity,
  request: {
    params: z.object({
      publisherId: z.string().openapi({ param: { name: 'publisherId', in: 'path' } }),
      nodeId: z.string().openapi({ param: { name: 'nodeId', in: 'path' } }),
    }),
    body: { required: true, content: { 'application/json': { schema: PublishBodySchema } } },
  },
  responses: {
    201: {
      description: 'New version published; upload the zip to signedUrl',
      content: { 'application/json': { schema: PublishResponseSchema } },
    },
    ...errorResponses(400, 403, 404, 409, 500),
  },
});

/** The token from the body (what comfy-cli sends), else a `nyd_pat_` or `nyd_tp_` bearer token. */
function publishToken(c: Context<AppEnv>, fromBody: string | null | undefined): string | undefined {
  if (fromBody) return fromBody;
  const header = bearerToken(c);
  return header && (looksLikeToken(header) || looksLikeCredential(header)) ? header : undefined;
}

export function registerPublishNodeVersion(app: App) {
  app.openapi(route, async (c) => {
    const services = c.get('services');
    const { publisherId, nodeId } = c.req.valid('param');
    const body = c.req.valid('json');
    const result = await publishNodeVersion(services, {
      publisherId,
      nodeId,
      token: publishToken(c, body.personal_access_token),
      node: body.node,
      nodeVersion: body.node_version,
    });
    // downloadUrl is where the zip will be served once it is uploaded and accepted.
    const nodeVersion = toApiNodeVersion(result.version, { config: services.config, hasArchive: true });
    return c.json({ node_version: nodeVersion, signedUrl: result.signedUrl }, 201);
  });
}
