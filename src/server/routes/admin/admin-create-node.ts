import { createRoute } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { requireAdmin } from '../../auth/viewer.ts';
import { reserveNode } from '../../services/nodes/reserve-node.ts';
import { loadNodeBundles } from '../../services/nodes/load-bundles.ts';
import { toApiNode } from '../../services/serialize/node.ts';
import { bearerSecurity, errorResponses, NodeSchema } from '../schemas.ts';
import { AdminCreateNodeBody } from './schemas.ts';

const route = createRoute({
  method: 'post',
  path: '/admin/nodes',
  operationId: 'adminCreateNode',
  tags: ['Admin'],
  summary: 'Reserve a node for a GitHub repository (admins)',
  description:
    'Creates an unclaimed node (or one under `publisher.id`) for a GitHub repository, so that its owner can ' +
    'claim it later with proof of control. `id` defaults to the repository name. One node per repository and ' +
    'per id (case-insensitive): duplicates are a 409, and so is an id differing from another node’s only in ' +
    '`-`, `_`, `.` (409 `node_id_confusable`).',
  security: bearerSecurity,
  request: { body: { required: true, content: { 'application/json': { schema: AdminCreateNodeBody } } } },
  responses: {
    201: { description: 'Node created', content: { 'application/json': { schema: NodeSchema } } },
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

export function registerAdminCreateNode(app: App) {
  app.openapi(route, async (c) => {
    const admin = await requireAdmin(c);
    const { db, config } = c.get('services');
    const { publisher, ...fields } = c.req.valid('json');
    const node = await reserveNode(db, admin, { ...fields, publisher_id: publisher?.id });
    const [bundle] = await loadNodeBundles(db, [node]);
    return c.json(toApiNode(bundle!, config), 201);
  });
}
