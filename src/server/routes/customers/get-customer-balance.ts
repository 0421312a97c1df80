import { createRoute } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { balanceMicros } from '../../services/customers/ledger.ts';
import { toApiBalance } from '../../services/customers/serialize.ts';
import { bearerSecurity, errorResponses } from '../schemas.ts';
import { requireOwnCustomer } from './access.ts';
import { BalanceSchema } from './schemas.ts';

const route = createRoute({
  method: 'get',
  path: '/customers/balance',
  operationId: 'GetCustomerBalance',
  tags: ['Customers'],
  summary: "The caller's balance in integer micros (1/1,000,000 USD)",
  description: '404 when the caller has no customer record yet (clients read that as "no customer").',
  security: bearerSecurity,
  responses: {
    200: { description: 'The balance', content: { 'application/json': { schema: BalanceSchema } } },
    ...errorResponses(401, 404),
  },
});

export function registerGetCustomerBalance(app: App) {
  app.openapi(route, async (c) => {
    const { customer } = await requireOwnCustomer(c, { allowApiKey: true, active: false });
    return c.json(toApiBalance(await balanceMicros(c.get('services').db, customer.id)), 200);
  });
}
