import { createRoute } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { loadNodeBundles } from '../../services/nodes/load-bundles.ts';
import { authorizePublisher } from '../../auth/publisher-access.ts';
import { assertNodeWritable, getPublisherNode } from '../../services/nodes/publisher-nodes.ts';
import { NODE_EDIT_POLICIES } from '../../services/nodes/node-edit-policy.ts';
import { toNodeChanges } from '../../services/nodes/node-fields.ts';
import { updateNode } from '../../services/nodes/update-node.ts';
import { toApiNode } from '../../services/serialize/node.ts';
import { bearerSecurity, errorResponses, NodeSchema } from '../schemas.ts';
import { PublisherNodeParams, UpdateNodeBody } from './schemas.ts';

const route = createRoute({
  method: 'put',
  path: '/publishers/{publisherId}/nodes/{nodeId}',
  operationId: 'updateNode',
  tags: ['Publishers'],
  summary: "Update a node's public fields (the publisher's owners and members, and admins)",
  description:
    'Editable: name, description, category, author, license, icon, banner_url, repository, tags, supported_os, ' +
    'supported_accelerators, supported_comfyui_version, supported_comfyui_frontend_version. Absent fields are ' +
    'unchanged; status, search_ranking, tags_admin and preempted_comfy_node_names are admin-only and ignored here.',
  security: bearerSecurity,
  request: {
    params: PublisherNodeParams,
    body: { required: true, content: { 'application/json': { schema: UpdateNodeBody } } },
  },
  responses: {
    200: { description: 'The updated node', content: { 'application/json': { schema: NodeSchema } } },
    ...errorResponses(400, 401, 403, 404),
  },
});

export function registerUpdateNode(app: App) {
  app.openapi(route, async (c) => {
    const { publisherId, nodeId } = c.req.valid('param');
    const { viewer, publisher } = await authorizePublisher(c, publisherId, 'node.update');
    const { db, config, clock } = c.get('services');
    const node = await getPublisherNode(db, publisher, nodeId);
    assertNodeWritable(node, viewer);
    const updated = await updateNode(db, {
      actor: viewer,
      node,
      changes: toNodeChanges(c.req.valid('json')),
      policy: NODE_EDIT_POLICIES.publisher,
      now: clock.now(),
    });
    const [bundle] = await loadNodeBundles(db, [updated]);
    return c.json(toApiNode(bundle!, config), 200);
  });
}
