import { createRoute } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { requireUser } from '../../auth/viewer.ts';
import { toApiUser } from '../../services/serialize/user.ts';
import { bearerSecurity, errorResponses, UserSchema } from '../schemas.ts';

const route = createRoute({
  method: 'get',
  path: '/users',
  operationId: 'getUser',
  tags: ['Users'],
  summary: 'The signed-in user, with isAdmin',
  security: bearerSecurity,
  responses: {
    200: { description: 'The current user', content: { 'application/json': { schema: UserSchema } } },
    ...errorResponses(401),
  },
});

export function registerGetUser(app: App) {
  app.openapi(route, async (c) => c.json(toApiUser(await requireUser(c)), 200));
}
