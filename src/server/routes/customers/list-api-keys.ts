import { createRoute, z } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { listApiKeys } from '../../services/customers/api-keys.ts';
import { toApiKey } from '../../services/customers/serialize.ts';
import { bearerSecurity, errorResponses } from '../schemas.ts';
import { requireOwnCustomer } from './access.ts';
import { ApiKeySchema } from './schemas.ts';

const route = createRoute({
  method: 'get',
  path: '/customers/api-keys',
  operationId: 'listCustomerAPIKeys',
  tags: ['Customers'],
  summary: "The caller's API keys (prefix only, never the secret)",
  security: bearerSecurity,
  responses: {
    200: {
      description: 'The keys, newest first',
      content: { 'application/json': { schema: z.object({ api_keys: z.array(ApiKeySchema) }) } },
    },
    ...errorResponses(401, 404),
  },
});

export function registerListCustomerApiKeys(app: App) {
  app.openapi(route, async (c) => {
    const { customer } = await requireOwnCustomer(c, { allowApiKey: true, active: false });
    const rows = await listApiKeys(c.get('services').db, customer.id);
    return c.json({ api_keys: rows.map(toApiKey) }, 200);
  });
}
