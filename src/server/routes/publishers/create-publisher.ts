import { createRoute } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { requireVerifiedUser } from '../../auth/viewer.ts';
import { createPublisher } from '../../services/publishers/create-publisher.ts';
import { loadMembers } from '../../services/publishers/members.ts';
import { toApiPublisher } from '../../services/serialize/publisher.ts';
import { bearerSecurity, errorResponses, PublisherSchema } from '../schemas.ts';
import { CreatePublisherBody } from './schemas.ts';

const route = createRoute({
  method: 'post',
  path: '/publishers',
  operationId: 'createPublisher',
  tags: ['Publishers'],
  summary: 'Create a publisher; the caller becomes its owner',
  description:
    'At most 5 publishers per account (403 beyond). A taken id is a 400, as upstream answers. The caller ' +
    'must have a verified e-mail address (403 `email_not_verified`; admins are exempt).',
  security: bearerSecurity,
  request: { body: { required: true, content: { 'application/json': { schema: CreatePublisherBody } } } },
  responses: {
    201: { description: 'Publisher created', content: { 'application/json': { schema: PublisherSchema } } },
    ...errorResponses(400, 401, 403),
  },
});

export function registerCreatePublisher(app: App) {
  app.openapi(route, async (c) => {
    const viewer = await requireVerifiedUser(c);
    const { db } = c.get('services');
    const created = await createPublisher(db, viewer, c.req.valid('json'));
    return c.json(toApiPublisher(created, await loadMembers(db, created.id)), 201);
  });
}
