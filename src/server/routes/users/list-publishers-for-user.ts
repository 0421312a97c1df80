import { createRoute, z, type RouteHandler } from '@hono/zod-openapi';
import type { App, AppEnv } from '../../app-env.ts';
import { requireUser } from '../../auth/viewer.ts';
import { publisherBanView } from '../../services/bans/standing.ts';
import { listPublishersOfUser } from '../../services/publishers/list-publishers.ts';
import { toApiPublisher } from '../../services/serialize/publisher.ts';
import { bearerSecurity, errorResponses, PublisherSchema } from '../schemas.ts';

const responses = {
  200: {
    description: 'The publishers where the caller has a role',
    content: { 'application/json': { schema: z.array(PublisherSchema) } },
  },
  ...errorResponses(401),
};

const route = createRoute({
  method: 'get',
  path: '/users/publishers/',
  operationId: 'listPublishersForUser',
  tags: ['Users'],
  summary: 'The publishers the signed-in user owns or is a member of, ordered by id',
  description: 'Also answered without the trailing slash. A banned publisher carries its `ban` (reason, date, appeal).',
  security: bearerSecurity,
  responses,
});

// The contract's path has a trailing slash; clients and people also call it without one.
const aliasRoute = createRoute({ method: 'get', path: '/users/publishers', hide: true, responses });

const handler: RouteHandler<typeof route, AppEnv> = async (c) => {
  const viewer = await requireUser(c);
  const { db } = c.get('services');
  const rows = await listPublishersOfUser(db, viewer.id);
  // Each is the caller's own: a banned one says why (one more query per banned publisher only).
  const list = await Promise.all(
    rows.map(async (publisher) => toApiPublisher(publisher, undefined, await publisherBanView(db, publisher))),
  );
  return c.json(list, 200);
};

export function registerListPublishersForUser(app: App) {
  app.openapi(route, handler);
  app.openapi(aliasRoute, handler as unknown as RouteHandler<typeof aliasRoute, AppEnv>);
}
