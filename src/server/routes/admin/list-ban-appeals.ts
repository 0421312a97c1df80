import { createRoute, z } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { requireAdmin } from '../../auth/viewer.ts';
import { listBanAppeals } from '../../services/bans/list-appeals.ts';
import { countPages } from '../../../lib/paging.ts';
import { toApiAppeal } from '../../services/serialize/ban.ts';
import { BanAppealSchema } from '../ban-schemas.ts';
import { pageParam, pageSizeParam } from '../nodes/query-params.ts';
import { bearerSecurity, errorResponses } from '../schemas.ts';
import { pagingFields } from './schemas.ts';

const AdminBanAppealSchema = z
  .object({
    appeal: BanAppealSchema,
    appellant: z.object({
      id: z.string(),
      email: z.string().nullable(),
      name: z.string().nullable(),
      status: z.string(),
    }),
    subject: z
      .object({
        type: z.enum(['user', 'publisher']),
        id: z.string(),
        name: z.string().nullable(),
        banned: z.boolean().openapi({ description: 'Whether the ban still stands.' }),
        ban_reason: z.string().nullable(),
        banned_at: z.string().nullable(),
      })
      .openapi({ description: 'The account or publisher whose ban is appealed, as it is now.' }),
    decided_by: z.string().nullable().openapi({ description: "The answering admin's e-mail, once answered." }),
  })
  .openapi('AdminBanAppeal');

const route = createRoute({
  method: 'get',
  path: '/admin/ban-appeals',
  operationId: 'adminListBanAppeals',
  tags: ['Admin'],
  summary: 'Appeals of account and publisher bans (admins)',
  description:
    'Nodeyard extension. `status=open` (default): waiting appeals, oldest first. `status=closed`: answered ones, ' +
    'newest first. Lift a ban with its unban route (that answers the appeal as `lifted`); keep it with ' +
    'POST /admin/ban-appeals/{appealId}/uphold.',
  security: bearerSecurity,
  request: {
    query: z.object({
      status: z.enum(['open', 'closed']).default('open'),
      page: pageParam,
      limit: pageSizeParam(20),
    }),
  },
  responses: {
    200: {
      description: 'A page of appeals',
      content: {
        'application/json': {
          schema: z.object({ appeals: z.array(AdminBanAppealSchema), ...pagingFields }).openapi('AdminBanAppealList'),
        },
      },
    },
    ...errorResponses(400, 401, 403),
  },
});

export function registerAdminListBanAppeals(app: App) {
  app.openapi(route, async (c) => {
    await requireAdmin(c);
    const query = c.req.valid('query');
    const paging = { page: query.page, limit: query.limit };
    const result = await listBanAppeals(c.get('services').db, { ...paging, status: query.status });
    c.header('Cache-Control', 'private, no-store');
    return c.json(
      {
        appeals: result.items.map((item) => ({
          appeal: toApiAppeal(item.appeal),
          appellant: item.appellant,
          subject: {
            type: item.subject.type,
            id: item.subject.id,
            name: item.subject.name,
            banned: item.subject.banned,
            ban_reason: item.subject.banReason,
            banned_at: item.subject.bannedAt?.toISOString() ?? null,
          },
          decided_by: item.decidedByEmail,
        })),
        total: result.total,
        ...paging,
        totalPages: countPages(result.total, paging.limit),
      },
      200,
    );
  });
}
