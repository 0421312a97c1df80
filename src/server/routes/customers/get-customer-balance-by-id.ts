import { createRoute } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { requireAdmin } from '../../auth/viewer.ts';
import { getCustomerOr404 } from '../../services/customers/customer-store.ts';
import { balanceMicros } from '../../services/customers/ledger.ts';
import { toApiBalance } from '../../services/customers/serialize.ts';
import { bearerSecurity, errorResponses } from '../schemas.ts';
import { requireCustomerAccess } from './access.ts';
import { BalanceSchema, CustomerIdParams } from './schemas.ts';

const responses = {
  200: { description: 'The balance', content: { 'application/json': { schema: BalanceSchema } } },
  ...errorResponses(401, 403, 404),
};

const byIdRoute = createRoute({
  method: 'get',
  path: '/customers/{customer_id}/balance',
  operationId: 'GetCustomerBalanceById',
  tags: ['Customers', 'Admin'],
  summary: "A customer's balance in micros (admins, or the customer themself)",
  security: bearerSecurity,
  request: { params: CustomerIdParams },
  responses,
});

const adminRoute = createRoute({
  method: 'get',
  path: '/admin/customers/{customer_id}/balance',
  operationId: 'GetAdminCustomerBalance',
  tags: ['Admin'],
  summary: "Admins: a customer's balance in micros",
  description: 'Upstream takes an X-Comfy-Admin-Secret header; Nodeyard needs an admin signed in instead.',
  security: bearerSecurity,
  request: { params: CustomerIdParams },
  responses,
});

export function registerGetCustomerBalanceById(app: App) {
  app.openapi(byIdRoute, async (c) => {
    const customer = await requireCustomerAccess(c, c.req.valid('param').customer_id);
    return c.json(toApiBalance(await balanceMicros(c.get('services').db, customer.id)), 200);
  });
  app.openapi(adminRoute, async (c) => {
    await requireAdmin(c);
    const { db } = c.get('services');
    const customer = await getCustomerOr404(db, c.req.valid('param').customer_id);
    return c.json(toApiBalance(await balanceMicros(db, customer.id)), 200);
  });
}
