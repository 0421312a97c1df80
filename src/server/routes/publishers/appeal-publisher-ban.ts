import { createRoute } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { authorizePublisher } from '../../auth/publisher-access.ts';
import { requestBanAppeal } from '../../services/bans/appeals.ts';
import { toApiAppeal } from '../../services/serialize/ban.ts';
import { BanAppealBody } from '../ban-appeal-body.ts';
import { BanAppealSchema } from '../ban-schemas.ts';
import { bearerSecurity, errorResponses } from '../schemas.ts';
import { PublisherParams } from './schemas.ts';

const route = createRoute({
  method: 'post',
  path: '/publishers/{publisherId}/ban-appeal',
  operationId: 'appealPublisherBan',
  tags: ['Publishers'],
  summary: 'Ask the administrators to lift a publisher’s ban (owners)',
  description:
    'Nodeyard extension: the one write a banned publisher allows its owners. One open appeal at a time (409 ' +
    '`appeal_already_open`); a publisher that is not banned gets 409 `appeal_not_applicable`. Members get 403 ' +
    '`owner_required`, banned accounts 403 `user_banned` (they appeal their own ban first), and admins without a ' +
    'role 403: they decide, they do not ask. The answer shows in the publisher’s `ban.appeal`.',
  security: bearerSecurity,
  request: {
    params: PublisherParams,
    body: { required: true, content: { 'application/json': { schema: BanAppealBody } } },
  },
  responses: {
    201: { description: 'Appeal sent', content: { 'application/json': { schema: BanAppealSchema } } },
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

export function registerAppealPublisherBan(app: App) {
  app.openapi(route, async (c) => {
    const { viewer, publisher } = await authorizePublisher(c, c.req.valid('param').publisherId, 'publisher.appeal');
    const { db, clock } = c.get('services');
    const appeal = await requestBanAppeal(db, {
      appellant: viewer,
      now: clock.now(),
      subject: { type: 'publisher', publisher },
      message: c.req.valid('json').message,
    });
    return c.json(toApiAppeal(appeal), 201);
  });
}
