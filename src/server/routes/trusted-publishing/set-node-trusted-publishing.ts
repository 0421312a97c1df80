import { createRoute, z } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { authorizePublisher } from '../../auth/publisher-access.ts';
import { setRequireTrustedPublishing } from '../../services/trusted-publishing/require-trusted-publishing.ts';
import { PublisherNodeParams } from '../publishers/schemas.ts';
import { bearerSecurity, errorResponses } from '../schemas.ts';
import { NodeTrustedPublishingBody } from './schemas.ts';

const route = createRoute({
  method: 'put',
  path: '/publishers/{publisherId}/nodes/{nodeId}/trusted-publishing',
  operationId: 'setNodeTrustedPublishing',
  tags: ['Trusted publishing'],
  summary: "Switch a node's require_trusted_publishing (a signed-in owner only)",
  description:
    'On: publishes with a personal access token answer 403 `trusted_publishing_required`; only trusted publishing ' +
    '(CI) publishes. Takes a Firebase session, never a token, so a leaked token cannot turn it off. Audited.',
  security: bearerSecurity,
  request: {
    params: PublisherNodeParams,
    body: { required: true, content: { 'application/json': { schema: NodeTrustedPublishingBody } } },
  },
  responses: {
    200: {
      description: 'The setting now',
      content: {
        'application/json': {
          schema: z.object({ node_id: z.string(), require_trusted_publishing: z.boolean() }),
        },
      },
    },
    ...errorResponses(400, 401, 403, 404),
  },
});

export function registerSetNodeTrustedPublishing(app: App) {
  app.openapi(route, async (c) => {
    const { publisherId, nodeId } = c.req.valid('param');
    const { viewer, publisher } = await authorizePublisher(c, publisherId, 'trusted_publishers.manage');
    const { db, clock } = c.get('services');
    const required = c.req.valid('json').require_trusted_publishing;
    const node = await setRequireTrustedPublishing(db, viewer, publisher, nodeId, required, clock.now());
    return c.json({ node_id: node.id, require_trusted_publishing: node.requireTrustedPublishing }, 200);
  });
}
