import { createRoute, z } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { loadCustomerBundle } from '../../services/customers/search-customers.ts';
import { toApiCustomerAdmin } from '../../services/customers/serialize.ts';
import { bearerSecurity, errorResponses } from '../schemas.ts';
import { requireCustomerAccess } from './access.ts';
import { CustomerAdminSchema, CustomerIdParams } from './schemas.ts';

const route = createRoute({
  method: 'get',
  path: '/customers/{customer_id}',
  operationId: 'getCustomerById',
  tags: ['Customers', 'Admin'],
  summary: 'A customer by id (admins, or the customer themself)',
  security: bearerSecurity,
  request: { params: CustomerIdParams },
  responses: {
    200: {
      description: 'The customer',
      content: { 'application/json': { schema: z.object({ customer: CustomerAdminSchema }) } },
    },
    ...errorResponses(401, 403, 404),
  },
});

export function registerGetCustomerById(app: App) {
  app.openapi(route, async (c) => {
    const customer = await requireCustomerAccess(c, c.req.valid('param').customer_id);
    const bundle = await loadCustomerBundle(c.get('services').db, customer.id);
    return c.json({ customer: toApiCustomerAdmin(bundle!) }, 200);
  });
}
