import { createRoute, z } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { listVersionComfyNodes } from '../../services/comfy-nodes/list-version-comfy-nodes.ts';
import { toApiComfyNode } from '../../services/comfy-nodes/to-api-comfy-node.ts';
import { countPages } from '../../../lib/paging.ts';
import { nodeIdParam } from '../nodes/node-id-param.ts';
import { pageParam, pageSizeParam } from '../nodes/query-params.ts';
import { errorResponses } from '../schemas.ts';
import { ComfyNodeSchema, versionParam } from './schemas.ts';
import { getVisibleVersion } from './visible-version.ts';

const route = createRoute({
  method: 'get',
  path: '/nodes/{nodeId}/versions/{version}/comfy-nodes',
  operationId: 'ListComfyNodes',
  tags: ['Registry'],
  summary: 'list comfy-nodes for node version',
  description: 'The node classes a version defines, by name, a page at a time.',
  request: {
    params: z.object({ nodeId: nodeIdParam, version: versionParam }),
    query: z.object({ page: pageParam, limit: pageSizeParam() }),
  },
  responses: {
    200: {
      description: 'Comfy nodes of the version',
      content: {
        'application/json': {
          schema: z.object({ comfy_nodes: z.array(ComfyNodeSchema), totalNumberOfPages: z.number().int() }),
        },
      },
    },
    ...errorResponses(403, 404),
  },
});

export function registerListComfyNodes(app: App) {
  app.openapi(route, async (c) => {
    const { nodeId, version: versionRef } = c.req.valid('param');
    const paging = c.req.valid('query');
    const { db } = c.get('services');
    const { version } = await getVisibleVersion(db, nodeId, versionRef);
    const { rows, total } = await listVersionComfyNodes(db, version.id, paging);
    return c.json({ comfy_nodes: rows.map(toApiComfyNode), totalNumberOfPages: countPages(total, paging.limit) }, 200);
  });
}
