import { createRoute } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { getPublisherNode } from '../../services/nodes/publisher-nodes.ts';
import { versionChanges } from '../../services/version-changes/version-changes.ts';
import { authorizeFindingsRead } from '../moderation/access.ts';
import { PublisherNodeParams } from '../publishers/schemas.ts';
import { bearerSecurity, errorResponses } from '../schemas.ts';
import { CHANGES_DESCRIPTION, PublisherChangesQuery, VersionChangesSchema, VersionPathParam } from './schemas.ts';

const route = createRoute({
  method: 'get',
  path: '/publishers/{publisherId}/nodes/{nodeId}/versions/{version}/changes',
  operationId: 'getNodeVersionChanges',
  tags: ['Publishers'],
  summary: 'What changed since another version: files, findings, capabilities (owners, members, admins)',
  description: `${CHANGES_DESCRIPTION} Any version that is not deleted (Pending and Flagged too), with every finding; without \`from\`, compared with the previous Active version.`,
  security: bearerSecurity,
  request: { params: PublisherNodeParams.extend({ version: VersionPathParam }), query: PublisherChangesQuery },
  responses: {
    200: { description: 'The changes', content: { 'application/json': { schema: VersionChangesSchema } } },
    ...errorResponses(400, 401, 403, 404),
  },
});

export function registerGetVersionChanges(app: App) {
  app.openapi(route, async (c) => {
    const { publisherId, nodeId, version } = c.req.valid('param');
    const { from } = c.req.valid('query');
    const { publisher } = await authorizeFindingsRead(c, publisherId);
    const services = c.get('services');
    const node = await getPublisherNode(services.db, publisher, nodeId);
    return c.json(await versionChanges(services, node, { version, from: from ?? null, audience: 'publisher' }), 200);
  });
}
