import { createRoute } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { requireActiveCustomerCaller } from '../../auth/api-key.ts';
import { ensureCustomer } from '../../services/customers/customer-store.ts';
import { loadCustomerBundle } from '../../services/customers/search-customers.ts';
import { toApiCustomer } from '../../services/customers/serialize.ts';
import { bearerSecurity, errorResponses } from '../schemas.ts';
import { CustomerSchema } from './schemas.ts';

const route = createRoute({
  method: 'post',
  path: '/customers',
  operationId: 'createCustomer',
  tags: ['Customers'],
  summary: 'Create the customer record of the signed-in user (idempotent)',
  description: 'No body: the customer is the caller. 201 when created, 200 when it already existed.',
  security: bearerSecurity,
  responses: {
    200: { description: 'Customer already exists', content: { 'application/json': { schema: CustomerSchema } } },
    201: { description: 'Customer created', content: { 'application/json': { schema: CustomerSchema } } },
    ...errorResponses(400, 401, 403),
  },
});

export function registerCreateCustomer(app: App) {
  app.openapi(route, async (c) => {
    const { db } = c.get('services');
    const caller = await requireActiveCustomerCaller(c);
    const { created } = await ensureCustomer(db, caller.user);
    const bundle = await loadCustomerBundle(db, caller.user.id);
    return c.json(toApiCustomer(bundle!), created ? 201 : 200);
  });
}
