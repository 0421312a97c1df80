import { createRoute, z } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { requireAdmin } from '../../auth/viewer.ts';
import { adminOverview } from '../../services/moderation/overview.ts';
import { bearerSecurity, errorResponses } from '../schemas.ts';

const counts = z.record(z.string(), z.number().int());

const OverviewSchema = z
  .object({
    nodes: counts.openapi({ description: 'Nodes per status.' }),
    versions: counts.openapi({ description: 'Versions per status.' }),
    publishers: counts.openapi({ description: 'Publishers per status.' }),
    users: z.object({ total: z.number().int(), admins: z.number().int(), banned: z.number().int() }),
    audit_last_24h: z.number().int(),
    reports_open: z.number().int().openapi({ description: 'Pack reports waiting in the triage queue.' }),
    appeals_open: z.number().int().openapi({ description: 'Ban appeals waiting for an answer.' }),
  })
  .openapi('AdminOverview');

const route = createRoute({
  method: 'get',
  path: '/admin/overview',
  operationId: 'adminGetOverview',
  tags: ['Admin'],
  summary: 'Counts for the admin dashboard (admins)',
  security: bearerSecurity,
  responses: {
    200: { description: 'Counts', content: { 'application/json': { schema: OverviewSchema } } },
    ...errorResponses(401, 403),
  },
});

export function registerAdminGetOverview(app: App) {
  app.openapi(route, async (c) => {
    await requireAdmin(c);
    const { db, clock } = c.get('services');
    return c.json(await adminOverview(db, clock.now()), 200);
  });
}
