import { createRoute } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { getViewer } from '../../auth/viewer.ts';
import { findRole, getPublisherOr404 } from '../../services/publishers/access.ts';
import { loadMembers } from '../../services/publishers/members.ts';
import { toApiPublisher } from '../../services/serialize/publisher.ts';
import { errorResponses, PublisherSchema } from '../schemas.ts';
import { PublisherParams } from './schemas.ts';

const route = createRoute({
  method: 'get',
  path: '/publishers/{publisherId}',
  operationId: 'getPublisher',
  tags: ['Publishers'],
  summary: 'A publisher; `members` (with e-mails) only for its owners and admins',
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
    // Upstream shows every member's e-mail to anyone; here only owners and admins see the roster.
    const seesMembers = !!viewer && (viewer.isAdmin || (await findRole(db, publisher.id, viewer.id)) === 'owner');
    return c.json(toApiPublisher(publisher, seesMembers ? await loadMembers(db, publisher.id) : undefined), 200);
  });
}
