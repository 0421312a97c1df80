import { createRoute, z } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { notFound } from '../../errors.ts';
import { findNodeByComfyNodeName } from '../../services/comfy-nodes/find-node-by-class.ts';
import { loadNodeBundles } from '../../services/nodes/load-bundles.ts';
import { nodeDetail } from '../nodes/node-detail.ts';
import { errorResponses, NodeSchema } from '../schemas.ts';
import { comfyNodeNameParam } from './schemas.ts';

const route = createRoute({
  method: 'get',
  path: '/comfy-nodes/{comfyNodeName}/node',
  operationId: 'getNodeByComfyNodeName',
  tags: ['Registry'],
  summary: 'Retrieve a node by ComfyUI node name',
  description:
    'The node whose latest version defines the class. When several do: the one listing the name in ' +
    '`preempted_comfy_node_names`, then the higher `search_ranking`, then the more downloaded.',
  request: { params: z.object({ comfyNodeName: comfyNodeNameParam }) },
  responses: {
    200: { description: 'Node details', content: { 'application/json': { schema: NodeSchema } } },
    ...errorResponses(404),
  },
});

export function registerGetNodeByComfyNodeName(app: App) {
  app.openapi(route, async (c) => {
    const { comfyNodeName } = c.req.valid('param');
    const { db, config } = c.get('services');
    const node = await findNodeByComfyNodeName(db, comfyNodeName);
    if (!node) throw notFound(`No node defines a ComfyUI node named "${comfyNodeName}".`);
    const [bundle] = await loadNodeBundles(db, [node]);
    return c.json(nodeDetail(bundle!, config), 200);
  });
}
