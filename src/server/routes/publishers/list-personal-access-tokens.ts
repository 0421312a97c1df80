import { createRoute, z } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { authorizePublisher } from '../../auth/publisher-access.ts';
import { listTokens } from '../../services/tokens/list-tokens.ts';
import { toApiToken } from '../../services/tokens/token-view.ts';
import { bearerSecurity, errorResponses } from '../schemas.ts';
import { PublisherParams } from './schemas.ts';
import { PersonalAccessTokenSchema } from './token-schemas.ts';

const route = createRoute({
  method: 'get',
  path: '/publishers/{publisherId}/tokens',
  operationId: 'listPersonalAccessTokens',
  tags: ['Publishers'],
  summary: "A publisher's personal access tokens, newest first (owners and admins)",
  description: 'Never the secret nor its hash: `displayPrefix` tells tokens apart. An empty list is a 200.',
  security: bearerSecurity,
  request: { params: PublisherParams },
  responses: {
    200: {
      description: 'The tokens',
      content: { 'application/json': { schema: z.array(PersonalAccessTokenSchema) } },
    },
    ...errorResponses(401, 403, 404),
  },
});

export function registerListPersonalAccessTokens(app: App) {
  app.openapi(route, async (c) => {
    const { publisher } = await authorizePublisher(c, c.req.valid('param').publisherId, 'tokens.read');
    const rows = await listTokens(c.get('services').db, publisher.id);
    return c.json(rows.map(toApiToken), 200);
  });
}
