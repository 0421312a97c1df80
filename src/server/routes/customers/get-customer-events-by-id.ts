import { createRoute } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { pageCustomerEvents } from '../../services/customers/events.ts';
import { toApiEvent } from '../../services/customers/serialize.ts';
import { bearerSecurity, errorResponses } from '../schemas.ts';
import { requireCustomerAccess } from './access.ts';
import { pageEnvelope } from './paging.ts';
import { CustomerIdParams, EventListSchema, EventsQuery } from './schemas.ts';

const route = createRoute({
  method: 'get',
  path: '/customers/{customer_id}/events',
  operationId: 'GetCustomerEventsById',
  tags: ['Customers', 'Admin'],
  summary: "A page of a customer's events (admins, or the customer themself)",
  security: bearerSecurity,
  request: { params: CustomerIdParams, query: EventsQuery },
  responses: {
    200: { description: 'One page of events', content: { 'application/json': { schema: EventListSchema } } },
    ...errorResponses(400, 401, 403, 404),
  },
});

export function registerGetCustomerEventsById(app: App) {
  app.openapi(route, async (c) => {
    const customer = await requireCustomerAccess(c, c.req.valid('param').customer_id);
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
