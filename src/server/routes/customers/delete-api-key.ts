import { createRoute } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { revokeApiKey } from '../../services/customers/api-keys.ts';
import { bearerSecurity, errorResponses } from '../schemas.ts';
import { requireOwnCustomer } from './access.ts';
import { ApiKeyIdParams } from './schemas.ts';

const route = createRoute({
  method: 'delete',
  path: '/customers/api-keys/{api_key_id}',
  operationId: 'deleteCustomerAPIKey',
  tags: ['Customers'],
  summary: 'Delete (revoke) one of your API keys',
  description: "Another customer's key is a 404. Needs a Firebase ID token.",
  security: bearerSecurity,
  request: { params: ApiKeyIdParams },
  responses: {
    204: { description: 'Key deleted' },
    ...errorResponses(400, 401, 403, 404),
  },
});

export function registerDeleteCustomerApiKey(app: App) {
  app.openapi(route, async (c) => {
    const { caller } = await requireOwnCustomer(c, { allowApiKey: false, active: true });
    const { db, clock } = c.get('services');
    await revokeApiKey(db, caller.user, c.req.valid('param').api_key_id, clock.now());
    return c.body(null, 204);
  });
}
