import { createRoute, z } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { badRequest } from '../../errors.ts';
import { listAllComfyNodes } from '../../services/comfy-nodes/list-all-comfy-nodes.ts';
import { toApiComfyNode } from '../../services/comfy-nodes/to-api-comfy-node.ts';
import { normalizeVersion } from '../../services/versions/semver.ts';
import { optionalText, pageParam, pageSizeParam } from '../nodes/query-params.ts';
import { errorResponses } from '../schemas.ts';
import { ComfyNodeSchema } from './schemas.ts';

const route = createRoute({
  method: 'get',
  path: '/comfy-nodes',
  operationId: 'ListAllComfyNodes',
  tags: ['Registry'],
  summary: 'list all comfy-nodes',
  description:
    'Node classes of public nodes, by class name. Without `node_version`, only each node’s latest ' +
    'version is considered. Public: the same data is readable per version.',
  request: {
    query: z.object({
      pageSize: pageSizeParam(100, 100),
      page: pageParam,
      node_id: optionalText.openapi({ description: 'Filter by node id (any letter case).' }),
      node_version: optionalText.openapi({ description: 'Filter by version (e.g. 1.2.0).' }),
      comfy_node_name: optionalText.openapi({ description: 'Filter by exact class name.' }),
    }),
  },
  responses: {
    200: {
      description: 'OK',
      content: {
        'application/json': {
          schema: z.object({ comfy_nodes: z.array(ComfyNodeSchema), total: z.number().int() }),
        },
      },
    },
    ...errorResponses(400),
  },
});

export function registerListAllComfyNodes(app: App) {
  app.openapi(route, async (c) => {
    const query = c.req.valid('query');
    const { db } = c.get('services');
    const rawVersion = query.node_version?.trim();
    const nodeVersion = rawVersion ? normalizeVersion(rawVersion) : undefined;
    if (nodeVersion === null) {
      throw badRequest(`node_version "${rawVersion}" is not a valid version: expected semver such as 1.2.3.`);
    }
    const { rows, total } = await listAllComfyNodes(db, {
      page: query.page,
      limit: query.pageSize,
      nodeId: query.node_id?.trim() || undefined,
      nodeVersion,
      comfyNodeName: query.comfy_node_name?.trim() || undefined,
    });
    return c.json({ comfy_nodes: rows.map(toApiComfyNode), total }, 200);
  });
}
