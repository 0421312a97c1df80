import { createRoute, z } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { requireAdmin } from '../../auth/viewer.ts';
import { searchCustomers } from '../../services/customers/search-customers.ts';
import { toApiCustomer } from '../../services/customers/serialize.ts';
import { bearerSecurity, errorResponses } from '../schemas.ts';
import { pageEnvelope } from './paging.ts';
import { CustomerSchema, SearchCustomersQuery } from './schemas.ts';

const CustomerWithBalanceSchema = CustomerSchema.extend({
  balance_micros: z.number().int().openapi({ description: 'Nodeyard addition: the balance, for admin tables.' }),
});

const route = createRoute({
  method: 'get',
  path: '/customers',
  operationId: 'searchCustomers',
  tags: ['Customers', 'Admin'],
  summary: 'Admins: search customers by e-mail and/or name (substring, case-insensitive)',
  description: 'page is 1-based (default 1); limit defaults to 10, clamped to 1..100. Newest customers first.',
  security: bearerSecurity,
  request: { query: SearchCustomersQuery },
  responses: {
    200: {
      description: 'One page of customers',
      content: {
        'application/json': {
          schema: z.object({
            customers: z.array(CustomerWithBalanceSchema),
            total: z.number().int(),
            page: z.number().int(),
            limit: z.number().int(),
            totalPages: z.number().int(),
          }),
        },
      },
    },
    ...errorResponses(400, 401, 403),
  },
});

export function registerSearchCustomers(app: App) {
  app.openapi(route, async (c) => {
    await requireAdmin(c);
    const query = c.req.valid('query');
    const page = query.page ?? 1;
    const limit = query.limit ?? 10;
    const { bundles, total } = await searchCustomers(c.get('services').db, {
      email: query.email,
      name: query.name,
      page,
      limit,
    });
    const customers = bundles.map((bundle) => ({ ...toApiCustomer(bundle), balance_micros: bundle.balanceMicros }));
    return c.json({ customers, ...pageEnvelope(total, page, limit) }, 200);
  });
}
