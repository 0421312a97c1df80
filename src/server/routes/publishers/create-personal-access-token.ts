import { createRoute } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { authorizePublisher } from '../../auth/publisher-access.ts';
import { requireVerifiedUser } from '../../auth/viewer.ts';
import { createToken } from '../../services/tokens/create-token.ts';
import { toApiToken } from '../../services/tokens/token-view.ts';
import { bearerSecurity, errorResponses } from '../schemas.ts';
import { PublisherParams } from './schemas.ts';
import { CreatedTokenSchema, CreateTokenBody } from './token-schemas.ts';

const route = createRoute({
  method: 'post',
  path: '/publishers/{publisherId}/tokens',
  operationId: 'createPersonalAccessToken',
  tags: ['Publishers'],
  summary: 'Create a personal access token for publishing (owners only)',
  description:
    'The plaintext `token` is in this response only; the server keeps just a hash. Optional expires_in_days ' +
    '(1..365); without it the token does not expire. The caller must have a verified e-mail address ' +
    '(403 `email_not_verified`; admins are exempt).',
  security: bearerSecurity,
  request: {
    params: PublisherParams,
    body: { required: true, content: { 'application/json': { schema: CreateTokenBody } } },
  },
  responses: {
    201: { description: 'Token created', content: { 'application/json': { schema: CreatedTokenSchema } } },
    ...errorResponses(400, 401, 403, 404),
  },
});

export function registerCreatePersonalAccessToken(app: App) {
  app.openapi(route, async (c) => {
    const { viewer, publisher } = await authorizePublisher(c, c.req.valid('param').publisherId, 'tokens.create');
    // Publishing needs a verified address; a token is what publishes.
    await requireVerifiedUser(c);
    const body = c.req.valid('json');
    const { db, clock } = c.get('services');
    const { row, token } = await createToken(
      db,
      viewer,
      publisher,
      { name: body.name, description: body.description ?? undefined, expiresInDays: body.expires_in_days },
      clock.now(),
    );
    return c.json({ ...toApiToken(row), token }, 201);
  });
}
