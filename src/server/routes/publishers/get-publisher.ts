import { createRoute } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { getViewer } from '../../auth/viewer.ts';
import { findRole, getPublisherOr404 } from '../../services/publishers/access.ts';
import { publisherBanView } from '../../services/bans/standing.ts';
import { loadMembers } from '../../services/publishers/members.ts';
import { toApiPublisher } from '../../services/serialize/publisher.ts';
import { errorResponses, PublisherSchema } from '../schemas.ts';
import { PublisherParams } from './schemas.ts';
import { declareCacheKeys } from '../../http/declare-cache-keys.ts';
import { publisherKey } from '../../cache/cache-keys.ts';

const route = createRoute({
  method: 'get',
  path: '/publishers/{publisherId}',
  operationId: 'getPublisher',
  tags: ['Publishers'],
  summary: 'A publisher; `members` (with e-mails) only for its owners and admins',
  description: 'A banned publisher carries its `ban` (reason, date, appeal) for its members and admins only.',
  request: { params: PublisherParams },
  responses: {
    200: { description: 'The publisher', content: { 'application/json': { schema: PublisherSchema } } },
    ...errorResponses(404),
  },
});

export function registerGetPublisher(app: App) {
  app.openapi(route, async (c) => {
    const { db } = c.get('services');
    const publisher = await getPublisherOr404(db, c.req.valid('param').publisherId);
    const viewer = await getViewer(c);
    declareCacheKeys(c, [publisherKey(c.req.valid('param').publisherId), publisherKey(publisher.id)]);
    // Upstream shows every member's e-mail to anyone; here only owners and admins see the roster.
    const role = viewer ? await findRole(db, publisher.id, viewer.id) : null;
    const seesMembers = !!viewer && (viewer.isAdmin || role === 'owner');
    const seesBan = !!viewer && (viewer.isAdmin || role !== null);
    return c.json(
      toApiPublisher(
        publisher,
        seesMembers ? await loadMembers(db, publisher.id) : undefined,
        seesBan ? await publisherBanView(db, publisher) : null,
      ),
      200,
    );
  });
}
