import { createRoute } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { loadCustomerBundle } from '../../services/customers/search-customers.ts';
import { toApiCustomer } from '../../services/customers/serialize.ts';
import { bearerSecurity, errorResponses } from '../schemas.ts';
import { requireOwnCustomer } from './access.ts';
import { CustomerSchema } from './schemas.ts';

const route = createRoute({
  method: 'get',
  path: '/customers/me',
  operationId: 'getAuthenticatedCustomer',
  tags: ['Customers'],
  summary: "The caller's customer record (Firebase ID token or X-API-KEY)",
  security: bearerSecurity,
  responses: {
    200: { description: 'The customer', content: { 'application/json': { schema: CustomerSchema } } },
    ...errorResponses(401, 404),
  },
});

export function registerGetAuthenticatedCustomer(app: App) {
  app.openapi(route, async (c) => {
    const { customer } = await requireOwnCustomer(c, { allowApiKey: true, active: false });
    const bundle = await loadCustomerBundle(c.get('services').db, customer.id);
    return c.json(toApiCustomer(bundle!), 200);
  });
}
