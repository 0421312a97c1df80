import { createRoute, z } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { requireAdminOrService } from '../../auth/service-token.ts';
import { callerActor, callerLabel } from '../../services/automation/caller-actor.ts';
import { storeExtraction } from '../../services/comfy-nodes/store-extraction.ts';
import { nodeIdParam } from '../nodes/node-id-param.ts';
import { bearerSecurity, errorResponses } from '../schemas.ts';
import { versionParam } from './schemas.ts';
import { CreateComfyNodesSchema } from './write-schemas.ts';

const route = createRoute({
  method: 'post',
  path: '/nodes/{nodeId}/versions/{version}/comfy-nodes',
  operationId: 'CreateComfyNodes',
  tags: ['Registry'],
  summary: 'Store the node classes an extraction service found in a version (service token or admin)',
  description:
    'Posted once per version by an external extraction service. 409 when the version already has classes ' +
    '(posted before, or extracted by our own upload pipeline); `success: false` marks the extraction failed.',
  security: bearerSecurity,
  request: {
    params: z.object({ nodeId: nodeIdParam, version: versionParam }),
    body: { required: true, content: { 'application/json': { schema: CreateComfyNodesSchema } } },
  },
  responses: {
    204: { description: 'Comfy nodes stored' },
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

export function registerCreateComfyNodes(app: App) {
  app.openapi(route, async (c) => {
    const caller = await requireAdminOrService(c);
    const { nodeId, version } = c.req.valid('param');
    const { db, clock } = c.get('services');
    await storeExtraction(db, {
      now: clock.now(),
      nodeId,
      versionRef: version,
      result: c.req.valid('json'),
      actor: callerActor(caller),
      caller: callerLabel(caller),
    });
    return c.body(null, 204);
  });
}
