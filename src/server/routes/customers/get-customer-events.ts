import { createRoute } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { pageCustomerEvents } from '../../services/customers/events.ts';
import { toApiEvent } from '../../services/customers/serialize.ts';
import { bearerSecurity, errorResponses } from '../schemas.ts';
import { requireOwnCustomer } from './access.ts';
import { pageEnvelope } from './paging.ts';
import { EventListSchema, EventsQuery } from './schemas.ts';

const route = createRoute({
  method: 'get',
  path: '/customers/events',
  operationId: 'GetCustomerEvents',
  tags: ['Customers'],
  summary: "A page of the caller's events, newest first",
  description: 'page is 1-based (default 1); limit defaults to 10, clamped to 1..100; filter = one event type.',
  security: bearerSecurity,
  request: { query: EventsQuery },
  responses: {
    200: { description: 'One page of events', content: { 'application/json': { schema: EventListSchema } } },
    ...errorResponses(400, 401, 404),
  },
});

export function registerGetCustomerEvents(app: App) {
  app.openapi(route, async (c) => {
    const { customer } = await requireOwnCustomer(c, { allowApiKey: true, active: false });
    const query = c.req.valid('query');
    const page = query.page ?? 1;
    const limit = query.limit ?? 10;
    const { rows, total } = await pageCustomerEvents(c.get('services').db, customer.id, {
      page,
      limit,
      filter: query.filter,
      startDate: query.start_date,
      endDate: query.end_date,
    });
    return c.json({ events: rows.map(toApiEvent), ...pageEnvelope(total, page, limit) }, 200);
  });
}
