import { createRoute, z } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { requireAdminOrService } from '../../auth/service-token.ts';
import { callerActor, callerLabel } from '../../services/automation/caller-actor.ts';
import { toApiComfyNode } from '../../services/comfy-nodes/to-api-comfy-node.ts';
import { updateComfyNode } from '../../services/comfy-nodes/store-extraction.ts';
import { nodeIdParam } from '../nodes/node-id-param.ts';
import { bearerSecurity, errorResponses } from '../schemas.ts';
import { ComfyNodeSchema, comfyNodeNameParam, versionParam } from './schemas.ts';
import { ComfyNodeUpdateSchema } from './write-schemas.ts';

const route = createRoute({
  method: 'put',
  path: '/nodes/{nodeId}/versions/{version}/comfy-nodes/{comfyNodeName}',
  operationId: 'UpdateComfyNode',
  tags: ['Registry'],
  summary: 'Correct one stored node class of a version (service token or admin)',
  description: 'Only the fields sent change. 404 when the version has no class of that name.',
  security: bearerSecurity,
  request: {
    params: z.object({ nodeId: nodeIdParam, version: versionParam, comfyNodeName: comfyNodeNameParam }),
    body: { required: true, content: { 'application/json': { schema: ComfyNodeUpdateSchema } } },
  },
  responses: {
    200: { description: 'The updated class', content: { 'application/json': { schema: ComfyNodeSchema } } },
    ...errorResponses(400, 401, 403, 404),
  },
});

export function registerUpdateComfyNode(app: App) {
  app.openapi(route, async (c) => {
    const caller = await requireAdminOrService(c);
    const { nodeId, version, comfyNodeName } = c.req.valid('param');
    const { db, clock } = c.get('services');
    const row = await updateComfyNode(db, {
      now: clock.now(),
      nodeId,
      versionRef: version,
      name: comfyNodeName,
      fields: c.req.valid('json'),
      actor: callerActor(caller),
      caller: callerLabel(caller),
    });
    return c.json(toApiComfyNode(row), 200);
  });
}
