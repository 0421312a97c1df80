import { createRoute, z } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { authorizePublisher } from '../../auth/publisher-access.ts';
import { claimNode } from '../../services/nodes/claim-node.ts';
import { bearerSecurity, errorResponses } from '../schemas.ts';
import { PublisherNodeParams } from './schemas.ts';

const ClaimMyNodeRequest = z
  .object({
    GH_TOKEN: z.string().trim().min(1, 'a GitHub token is required to prove you control the repository').max(1000),
  })
  .openapi('ClaimMyNodeRequest');

const route = createRoute({
  method: 'post',
  path: '/publishers/{publisherId}/nodes/{nodeId}/claim-my-node',
  operationId: 'claimMyNode',
  tags: ['Publishers'],
  summary: 'Move an unclaimed node into this publisher, after GitHub confirms you control its repository',
  description:
    "The GitHub token must have push or admin permission on the node's repository. 403: not allowed on this " +
    'publisher, node already claimed, token invalid or without permission; 429: GitHub rate limit; 503: GitHub ' +
    'unreachable.',
  security: bearerSecurity,
  request: {
    params: PublisherNodeParams,
    body: { required: true, content: { 'application/json': { schema: ClaimMyNodeRequest } } },
  },
  responses: {
    204: { description: 'Node claimed' },
    ...errorResponses(400, 401, 403, 404, 429, 503),
  },
});

export function registerClaimMyNode(app: App) {
  app.openapi(route, async (c) => {
    const { publisherId, nodeId } = c.req.valid('param');
    const { viewer, publisher } = await authorizePublisher(c, publisherId, 'node.claim');
    const services = c.get('services');
    await claimNode(services.db, {
      actor: viewer,
      publisher,
      nodeId,
      githubToken: c.req.valid('json').GH_TOKEN,
      verifier: services.github,
      now: services.clock.now(),
    });
    return c.body(null, 204);
  });
}
