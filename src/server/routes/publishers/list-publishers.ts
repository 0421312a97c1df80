import { createRoute, z } from '@hono/zod-openapi';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { App } from '../../app-env.ts';
import { publishers } from '../../db/schema/index.ts';
import { toApiPublisher } from '../../services/serialize/publisher.ts';
import { UNCLAIMED_PUBLISHER_ID } from '../../services/publishers/unclaimed.ts';
import { errorResponses, PublisherSchema } from '../schemas.ts';

const route = createRoute({
  method: 'get',
  path: '/publishers',
  operationId: 'listPublishers',
  tags: ['Publishers'],
  summary: 'All active publishers, ordered by id (public; members are never listed)',
  responses: {
    200: {
      description: 'A list of publishers',
      content: { 'application/json': { schema: z.array(PublisherSchema) } },
    },
    ...errorResponses(400),
  },
});

export function registerListPublishers(app: App) {
  app.openapi(route, async (c) => {
    const rows = await c
      .get('services')
      .db.select()
      .from(publishers)
      .where(and(eq(publishers.status, 'PublisherStatusActive'), ne(publishers.id, UNCLAIMED_PUBLISHER_ID)))
      .orderBy(asc(publishers.id));
    return c.json(
      rows.map((row) => toApiPublisher(row)),
      200,
    );
  });
}
