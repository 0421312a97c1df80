import { createRoute } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { requireAdmin } from '../../auth/viewer.ts';
import { getAdminNode } from '../../services/nodes/admin-node.ts';
import { loadNodeBundles } from '../../services/nodes/load-bundles.ts';
import { NODE_EDIT_POLICIES } from '../../services/nodes/node-edit-policy.ts';
import { toNodeChanges } from '../../services/nodes/node-fields.ts';
import { updateNode } from '../../services/nodes/update-node.ts';
import { toApiNode } from '../../services/serialize/node.ts';
import { bearerSecurity, errorResponses, NodeSchema } from '../schemas.ts';
import { AdminUpdateNodeBody, NodeIdParams } from './schemas.ts';

const route = createRoute({
  method: 'put',
  path: '/admin/nodes/{nodeId}',
  operationId: 'adminUpdateNode',
  tags: ['Admin'],
  summary: 'Update any node, including admin-only fields (admins)',
  description:
    'Besides the public fields: status (Active/Banned), status_detail, tags_admin, search_ranking, ' +
    'preempted_comfy_node_names, and `publisher.id` to assign the node to a publisher ("unclaimed" unclaims ' +
    'it). Absent fields are unchanged. Every change is audited with before/after. Deleted nodes are 404.',
  security: bearerSecurity,
  request: {
    params: NodeIdParams,
    body: { required: true, content: { 'application/json': { schema: AdminUpdateNodeBody } } },
  },
  responses: {
    200: { description: 'The updated node', content: { 'application/json': { schema: NodeSchema } } },
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

export function registerAdminUpdateNode(app: App) {
  app.openapi(route, async (c) => {
    const admin = await requireAdmin(c);
    const { db, config, clock } = c.get('services');
    const node = await getAdminNode(db, c.req.valid('param').nodeId);
    const { publisher, ...fields } = c.req.valid('json');
    const updated = await updateNode(db, {
      actor: admin,
      node,
      changes: toNodeChanges({ ...fields, publisher_id: publisher?.id }),
      policy: NODE_EDIT_POLICIES.admin,
      now: clock.now(),
    });
    const [bundle] = await loadNodeBundles(db, [updated]);
    return c.json(toApiNode(bundle!, config), 200);
  });
}
