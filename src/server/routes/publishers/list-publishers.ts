import { createRoute, z } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { toApiPublisher } from '../../services/serialize/publisher.ts';
import { listActivePublishers } from '../../services/publishers/list-publishers.ts';
import { errorResponses, PublisherSchema } from '../schemas.ts';
import { declareCacheKeys } from '../../http/declare-cache-keys.ts';
import { PUBLISHERS_KEY } from '../../cache/cache-keys.ts';

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
    const rows = await listActivePublishers(c.get('services').db);
    declareCacheKeys(c, [PUBLISHERS_KEY]);
    return c.json(
      rows.map((row) => toApiPublisher(row)),
      200,
    );
  });
}
