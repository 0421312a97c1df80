import { createRoute, z } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { notFound } from '../../errors.ts';
import { getVisibleNode } from '../../services/nodes/find-node.ts';
import { toApiNodeVersion } from '../../services/serialize/node-version.ts';
import { loadProvenanceBriefs } from '../../services/trusted-publishing/provenance-summaries.ts';
import { findVersionByRef } from '../../services/versions/lookup-version.ts';
import { nodeIdParam } from '../nodes/node-id-param.ts';
import { errorResponses, NodeVersionSchema } from '../schemas.ts';

const route = createRoute({
  method: 'get',
  path: '/nodes/{nodeId}/versions/{versionId}',
  operationId: 'getNodeVersion',
  tags: ['Registry'],
  summary: 'Retrieve a specific version of a node',
  description: 'By version string (e.g. 1.2.0; "v1.2" is normalized) or by the version uuid. Deleted versions are 404.',
  request: {
    params: z.object({
      nodeId: nodeIdParam,
      versionId: z
        .string()
        .min(1)
        .openapi({ param: { name: 'versionId', in: 'path' }, description: 'The version string, or its uuid.' }),
    }),
  },
  responses: {
    200: {
      description: 'Detailed information about a specific node version',
      content: { 'application/json': { schema: NodeVersionSchema } },
    },
    ...errorResponses(403, 404),
  },
});

export function registerGetNodeVersion(app: App) {
  app.openapi(route, async (c) => {
    const { nodeId, versionId } = c.req.valid('param');
    const { db, config } = c.get('services');
    const node = await getVisibleNode(db, nodeId);
    const found = await findVersionByRef(db, node.id, versionId);
    if (!found || found.version.status === 'NodeVersionStatusDeleted') {
      throw notFound(`Version "${versionId}" of node "${node.id}" not found.`);
    }
    const provenance = await loadProvenanceBriefs(db, [found.version.id]);
    return c.json(
      toApiNodeVersion(found.version, {
        config,
        hasArchive: found.hasArchive,
        sha256: found.sha256,
        provenance: provenance.get(found.version.id),
      }),
      200,
    );
  });
}
