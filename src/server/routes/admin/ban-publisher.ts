import { createRoute } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { requireAdmin } from '../../auth/viewer.ts';
import { banPublisher, unbanPublisher } from '../../services/publishers/ban-publisher.ts';
import { getPublisherOr404 } from '../../services/publishers/access.ts';
import { bearerSecurity, errorResponses } from '../schemas.ts';
import { BanBody, PublisherIdParams } from './schemas.ts';

const body = { required: false, content: { 'application/json': { schema: BanBody } } };

const banRoute = createRoute({
  method: 'post',
  path: '/publishers/{publisherId}/ban',
  operationId: 'BanPublisher',
  tags: ['Admin'],
  summary: 'Ban a publisher and its nodes (admins)',
  description:
    'Bans the publisher and its active nodes in one transaction (they leave lists and search, their pages ' +
    "answer 403). Unlike upstream, members' accounts are not banned. Idempotent. Optional body `{reason}`.",
  security: bearerSecurity,
  request: { params: PublisherIdParams, body },
  responses: { 204: { description: 'Publisher banned' }, ...errorResponses(400, 401, 403, 404) },
});

const unbanRoute = createRoute({
  method: 'post',
  path: '/publishers/{publisherId}/unban',
  operationId: 'unbanPublisher',
  tags: ['Admin'],
  summary: 'Lift a publisher ban (admins)',
  description: 'Reactivates the publisher and the nodes its ban took down (not nodes banned on their own). Idempotent.',
  security: bearerSecurity,
  request: { params: PublisherIdParams, body },
  responses: { 204: { description: 'Publisher unbanned' }, ...errorResponses(400, 401, 403, 404) },
});

export function registerBanPublisher(app: App) {
  for (const [route, apply] of [
    [banRoute, banPublisher],
    [unbanRoute, unbanPublisher],
  ] as const) {
    app.openapi(route, async (c) => {
      const admin = await requireAdmin(c);
      const { db, clock } = c.get('services');
      const publisher = await getPublisherOr404(db, c.req.valid('param').publisherId);
      const reason = (c.req.valid('json') as { reason?: string } | undefined)?.reason;
      await apply(db, admin, publisher, clock.now(), reason ? { reason } : {});
      return c.body(null, 204);
    });
  }
}
