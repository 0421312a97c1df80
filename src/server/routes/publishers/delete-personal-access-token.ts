import { createRoute } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { authorizePublisher } from '../../auth/publisher-access.ts';
import { revokeToken } from '../../services/tokens/revoke-token.ts';
import { bearerSecurity, errorResponses } from '../schemas.ts';
import { TokenParams } from './schemas.ts';

const route = createRoute({
  method: 'delete',
  path: '/publishers/{publisherId}/tokens/{tokenId}',
  operationId: 'deletePersonalAccessToken',
  tags: ['Publishers'],
  summary: 'Revoke a personal access token (owners and admins)',
  description: "404 when the token is not this publisher's; a malformed token id is a 400.",
  security: bearerSecurity,
  request: { params: TokenParams },
  responses: {
    204: { description: 'Token deleted' },
    ...errorResponses(400, 401, 403, 404),
  },
});

export function registerDeletePersonalAccessToken(app: App) {
  app.openapi(route, async (c) => {
    const { publisherId, tokenId } = c.req.valid('param');
    const { viewer, publisher } = await authorizePublisher(c, publisherId, 'tokens.revoke');
    await revokeToken(c.get('services').db, viewer, publisher, tokenId);
    return c.body(null, 204);
  });
}
