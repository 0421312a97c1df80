import { createRoute, z } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { loadVersionsWithArchive } from '../../services/nodes/load-bundles.ts';
import { authorizePublisher } from '../../auth/publisher-access.ts';
import { assertNodeWritable, getNodeVersion, getPublisherNode } from '../../services/nodes/publisher-nodes.ts';
import { updateVersion } from '../../services/versions/update-version.ts';
import { toApiNodeVersion } from '../../services/serialize/node-version.ts';
import { bearerSecurity, errorResponses, NodeVersionSchema } from '../schemas.ts';
import { VersionParams } from './schemas.ts';

const NodeVersionUpdateRequest = z
  .object({
    changelog: z.string().max(20_000).optional(),
    deprecated: z.boolean().optional(),
    deprecation_message: z.string().trim().max(500).optional().openapi({
      description:
        'Nodeyard addition: shown on the node page while the version is deprecated; cleared on un-deprecating.',
    }),
  })
  .openapi('NodeVersionUpdateRequest');

const route = createRoute({
  method: 'put',
  path: '/publishers/{publisherId}/nodes/{nodeId}/versions/{versionId}',
  operationId: 'updateNodeVersion',
  tags: ['Publishers'],
  summary:
    "Update a version's changelog, deprecated flag and deprecation message (the publisher's owners and members, and admins)",
  description: 'Answers the whole NodeVersion (upstream answers a partial one). The version must belong to the node.',
  security: bearerSecurity,
  request: {
    params: VersionParams,
    body: { required: true, content: { 'application/json': { schema: NodeVersionUpdateRequest } } },
  },
  responses: {
    200: { description: 'The updated version', content: { 'application/json': { schema: NodeVersionSchema } } },
    ...errorResponses(400, 401, 403, 404),
  },
});

export function registerUpdateNodeVersion(app: App) {
  app.openapi(route, async (c) => {
    const { publisherId, nodeId, versionId } = c.req.valid('param');
    const { viewer, publisher } = await authorizePublisher(c, publisherId, 'version.update');
    const { db, config, clock } = c.get('services');
    const node = await getPublisherNode(db, publisher, nodeId);
    assertNodeWritable(node, viewer);
    const version = await getNodeVersion(db, node, versionId);
    const body = c.req.valid('json');
    const updated = await updateVersion(
      db,
      viewer,
      version,
      { changelog: body.changelog, deprecated: body.deprecated, deprecationMessage: body.deprecation_message },
      clock.now(),
    );
    const archive = (await loadVersionsWithArchive(db, [updated.id])).get(updated.id);
    return c.json(
      toApiNodeVersion(updated, { config, hasArchive: archive?.hasArchive ?? false, sha256: archive?.sha256 ?? null }),
      200,
    );
  });
}
