import { createRoute, z } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { notFound } from '../../errors.ts';
import { findVersionComfyNode } from '../../services/comfy-nodes/list-version-comfy-nodes.ts';
import { toApiComfyNode } from '../../services/comfy-nodes/to-api-comfy-node.ts';
import { nodeIdParam } from '../nodes/node-id-param.ts';
import { errorResponses } from '../schemas.ts';
import { ComfyNodeSchema, comfyNodeNameParam, versionParam } from './schemas.ts';
import { getVisibleVersion } from './visible-version.ts';

const route = createRoute({
  method: 'get',
  path: '/nodes/{nodeId}/versions/{version}/comfy-nodes/{comfyNodeName}',
  operationId: 'GetComfyNode',
  tags: ['Registry'],
  summary: 'One node class of a node version',
  request: {
    params: z.object({ nodeId: nodeIdParam, version: versionParam, comfyNodeName: comfyNodeNameParam }),
  },
  responses: {
    200: { description: 'The node class', content: { 'application/json': { schema: ComfyNodeSchema } } },
    ...errorResponses(403, 404),
  },
});

export function registerGetComfyNode(app: App) {
  app.openapi(route, async (c) => {
    const { nodeId, version: versionRef, comfyNodeName } = c.req.valid('param');
    const { db } = c.get('services');
    const { node, version } = await getVisibleVersion(db, nodeId, versionRef);
    const row = await findVersionComfyNode(db, version.id, comfyNodeName);
    if (!row) throw notFound(`Version ${version.version} of node "${node.id}" defines no "${comfyNodeName}".`);
    return c.json(toApiComfyNode(row), 200);
  });
}
