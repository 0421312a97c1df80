import { createRoute } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { requireUser } from '../../auth/viewer.ts';
import { signOutEverywhere } from '../../services/users/sessions.ts';
import { bearerSecurity, errorResponses } from '../schemas.ts';

const route = createRoute({
  method: 'post',
  path: '/users/sign-out-everywhere',
  operationId: 'signOutEverywhere',
  tags: ['Users'],
  summary: 'Sign the account out on every device',
  description:
    'Nodeyard addition (the account page’s security section). Revokes every refresh token of the signed-in ' +
    'account at the identity provider, and from then on the API refuses the ID tokens of every session that ' +
    'signed in before, this one included (401 `session_revoked`). A banned account may use it too.',
  security: bearerSecurity,
  responses: {
    204: { description: 'Every session is signed out; sign in again to continue' },
    ...errorResponses(401),
  },
});

export function registerSignOutEverywhere(app: App) {
  app.openapi(route, async (c) => {
    const user = await requireUser(c);
    await signOutEverywhere(c.get('services'), user);
    return c.body(null, 204);
  });
}
