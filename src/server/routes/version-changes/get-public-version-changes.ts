import { createRoute, z } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { getVisibleNode } from '../../services/nodes/find-node.ts';
import { versionChanges } from '../../services/version-changes/version-changes.ts';
import { nodeIdParam } from '../nodes/node-id-param.ts';
import { errorResponses } from '../schemas.ts';
import { CHANGES_DESCRIPTION, ChangesQuery, VersionChangesSchema, VersionPathParam } from './schemas.ts';

const route = createRoute({
  method: 'get',
  path: '/nodes/{nodeId}/versions/{version}/changes',
  operationId: 'getPublicNodeVersionChanges',
  tags: ['Registry'],
  summary: 'What changed since another version: files, findings, capabilities',
  description: `${CHANGES_DESCRIPTION} Active versions only (others are 404), and only the medium and low findings the node page shows anyone.`,
  request: { params: z.object({ nodeId: nodeIdParam, version: VersionPathParam }), query: ChangesQuery },
  responses: {
    200: { description: 'The changes', content: { 'application/json': { schema: VersionChangesSchema } } },
    ...errorResponses(400, 403, 404),
  },
});

export function registerGetPublicVersionChanges(app: App) {
  app.openapi(route, async (c) => {
    const { nodeId, version } = c.req.valid('param');
    const { from } = c.req.valid('query');
    const services = c.get('services');
    const node = await getVisibleNode(services.db, nodeId);
    return c.json(await versionChanges(services, node, { version, from, audience: 'public' }), 200);
  });
}
