import { createRoute, z } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { requireAdmin } from '../../auth/viewer.ts';
import { upholdBanAppeal } from '../../services/bans/appeals.ts';
import { toApiAppeal } from '../../services/serialize/ban.ts';
import { BanAppealSchema } from '../ban-schemas.ts';
import { bearerSecurity, errorResponses } from '../schemas.ts';
import { ReasonField } from './schemas.ts';

const route = createRoute({
  method: 'post',
  path: '/admin/ban-appeals/{appealId}/uphold',
  operationId: 'adminUpholdBanAppeal',
  tags: ['Admin'],
  summary: 'Keep a ban and answer its appeal (admins)',
  description:
    'Nodeyard extension. The `response` is required: the appellant reads it in their ban notice. An appeal already ' +
    'answered gets 409 `appeal_closed`. Audited (`ban_appeal.uphold`).',
  security: bearerSecurity,
  request: {
    params: z.object({
      appealId: z.uuid('must be an appeal id (a UUID)').openapi({ param: { name: 'appealId', in: 'path' } }),
    }),
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z.object({ response: ReasonField.min(1) }).openapi('AdminUpholdBanAppealRequest'),
        },
      },
    },
  },
  responses: {
    200: { description: 'The answered appeal', content: { 'application/json': { schema: BanAppealSchema } } },
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

export function registerAdminUpholdBanAppeal(app: App) {
  app.openapi(route, async (c) => {
    const admin = await requireAdmin(c);
    const { db, clock } = c.get('services');
    const appeal = await upholdBanAppeal(db, {
      admin,
      now: clock.now(),
      appealId: c.req.valid('param').appealId,
      response: c.req.valid('json').response,
    });
    return c.json(toApiAppeal(appeal), 200);
  });
}
