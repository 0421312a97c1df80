import { createRoute } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { authorizePublisher } from '../../auth/publisher-access.ts';
import { loadMembers } from '../../services/publishers/members.ts';
import { updatePublisher } from '../../services/publishers/update-publisher.ts';
import { toApiPublisher } from '../../services/serialize/publisher.ts';
import { bearerSecurity, errorResponses, PublisherSchema } from '../schemas.ts';
import { PublisherParams, UpdatePublisherBody } from './schemas.ts';

const route = createRoute({
  method: 'put',
  path: '/publishers/{publisherId}',
  operationId: 'updatePublisher',
  tags: ['Publishers'],
  summary: 'Update name, description, website, support, source_code_repo and logo (owners and admins)',
  description:
    'Absent fields are unchanged; an empty string clears an optional field. id and status never change here.',
  security: bearerSecurity,
  request: {
    params: PublisherParams,
    body: { required: true, content: { 'application/json': { schema: UpdatePublisherBody } } },
  },
  responses: {
    200: { description: 'The updated publisher', content: { 'application/json': { schema: PublisherSchema } } },
    ...errorResponses(400, 401, 403, 404),
  },
});

export function registerUpdatePublisher(app: App) {
  app.openapi(route, async (c) => {
    const { viewer, publisher } = await authorizePublisher(c, c.req.valid('param').publisherId, 'publisher.update');
    const { db, clock } = c.get('services');
    const updated = await updatePublisher(db, viewer, publisher, c.req.valid('json'), clock.now());
    return c.json(toApiPublisher(updated, await loadMembers(db, updated.id)), 200);
  });
}
