import { createRoute } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { loadNodeBundles } from '../../services/nodes/load-bundles.ts';
import { authorizePublisher } from '../../auth/publisher-access.ts';
import { createNode } from '../../services/nodes/create-node.ts';
import { toApiNode } from '../../services/serialize/node.ts';
import { bearerSecurity, errorResponses, NodeSchema } from '../schemas.ts';
import { CreateNodeBody, PublisherParams } from './schemas.ts';

const route = createRoute({
  method: 'post',
  path: '/publishers/{publisherId}/nodes',
  operationId: 'createNode',
  tags: ['Publishers'],
  summary: "Create a node in a publisher (the publisher's owners and members, and admins)",
  description:
    'Node ids are 1–100 letters, digits, `.`, `_`, `-` (starting and ending with a letter or digit) and unique ' +
    'regardless of case, forever: a taken id is a 400, as the contract lists. An id that differs from another ' +
    "node's only in letter case or in `-`, `_`, `.` (`sec_pack` beside `sec-pack`) is a 409 `node_id_confusable`. " +
    '`name` defaults to the id.',
  security: bearerSecurity,
  request: {
    params: PublisherParams,
    body: { required: true, content: { 'application/json': { schema: CreateNodeBody } } },
  },
  responses: {
    201: { description: 'Node created', content: { 'application/json': { schema: NodeSchema } } },
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

export function registerCreateNode(app: App) {
  app.openapi(route, async (c) => {
    const { viewer, publisher } = await authorizePublisher(c, c.req.valid('param').publisherId, 'node.create');
    const { db, config } = c.get('services');
    const node = await createNode(db, viewer, publisher, c.req.valid('json'));
    const [bundle] = await loadNodeBundles(db, [node]);
    return c.json(toApiNode(bundle!, config), 201);
  });
}
