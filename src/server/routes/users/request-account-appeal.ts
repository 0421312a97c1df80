import { createRoute } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { requireUser } from '../../auth/viewer.ts';
import { requestBanAppeal } from '../../services/bans/appeals.ts';
import { toApiAppeal } from '../../services/serialize/ban.ts';
import { BanAppealBody } from '../ban-appeal-body.ts';
import { BanAppealSchema } from '../ban-schemas.ts';
import { bearerSecurity, errorResponses } from '../schemas.ts';

const route = createRoute({
  method: 'post',
  path: '/users/ban-appeal',
  operationId: 'appealAccountBan',
  tags: ['Users'],
  summary: 'Ask the administrators to lift your account’s ban',
  description:
    'Nodeyard extension, for banned accounts (the one write they may make). One open appeal at a time (409 ' +
    '`appeal_already_open`); an account that is not banned gets 409 `appeal_not_applicable`. Admins see it in ' +
    'GET /admin/ban-appeals; the answer shows in `ban.appeal` of GET /users.',
  security: bearerSecurity,
  request: { body: { required: true, content: { 'application/json': { schema: BanAppealBody } } } },
  responses: {
    201: { description: 'Appeal sent', content: { 'application/json': { schema: BanAppealSchema } } },
    ...errorResponses(400, 401, 409),
  },
});

export function registerAppealAccountBan(app: App) {
  app.openapi(route, async (c) => {
    const viewer = await requireUser(c);
    const { db, clock } = c.get('services');
    const appeal = await requestBanAppeal(db, {
      appellant: viewer,
      now: clock.now(),
      subject: { type: 'user', user: viewer },
      message: c.req.valid('json').message,
    });
    return c.json(toApiAppeal(appeal), 201);
  });
}
