import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { App, AppEnv } from '../../app-env.ts';
import { bearerToken } from '../../auth/viewer.ts';
import { publishNodeVersion } from '../../services/publish/publish-version.ts';
import { toApiNodeVersion } from '../../services/serialize/node-version.ts';
import { looksLikeToken } from '../../services/tokens/token-format.ts';
import { bearerSecurity, errorResponses, NodeVersionSchema } from '../schemas.ts';
import { optionalUrl } from './field-schemas.ts';

// Unknown fields are accepted (stripped); optional ones may be null, as Python clients send None.
const text = (max: number) => z.string().max(max).nullish();
const list = (maxItems: number, maxLength = 200) => z.array(z.string().max(maxLength)).max(maxItems).nullish();
const compatibility = {
  supported_os: list(50),
  supported_accelerators: list(50),
  supported_comfyui_version: text(200),
  supported_comfyui_frontend_version: text(200),
};

const PublishNodeSchema = z.object({
  // The id's format is checked after the token (the documented order), so only its size here.
  id: z.string().max(1000),
  name: text(200),
  description: text(10_000),
  // The same http(s)-only rule as the dashboard's node edit: these are rendered as links and images.
  icon: optionalUrl(),
  license: text(10_000).openapi({ description: 'JSON-encoded, e.g. `{"text": "MIT"}`; stored as given.' }),
  repository: optionalUrl(),
  banner_url: optionalUrl(),
  tags: list(50, 100),
  category: text(200),
  author: text(200),
  ...compatibility,
});

const PublishVersionSchema = z.object({
  version: z.string().max(256),
  changelog: text(100_000),
  dependencies: list(1000, 1000),
  ...compatibility,
});

const PublishBodySchema = z
  .object({
    personal_access_token: text(1000).openapi({
      description: 'The publisher’s personal access token (or send it as `Authorization: Bearer nyd_pat_…`).',
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
    '`node_id_confusable`).',
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

/** The token from the body (what comfy-cli sends), else a `nyd_pat_` bearer token. */
function publishToken(c: Context<AppEnv>, fromBody: string | null | undefined): string | undefined {
  if (fromBody) return fromBody;
  const header = bearerToken(c);
  return header && looksLikeToken(header) ? header : undefined;
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
