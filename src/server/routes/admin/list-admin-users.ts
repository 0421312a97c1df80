import { createRoute, z } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { requireAdmin } from '../../auth/viewer.ts';
import { listAdminUsers } from '../../services/users/list-users.ts';
import { countPages } from '../../../lib/paging.ts';
import { flagParam, optionalText, pageParam, pageSizeParam } from '../nodes/query-params.ts';
import { bearerSecurity, errorResponses } from '../schemas.ts';
import { pagingFields } from './schemas.ts';
import { AdminUserSchema, toAdminUser } from './users-schema.ts';

const route = createRoute({
  method: 'get',
  path: '/admin/users',
  operationId: 'adminListUsers',
  tags: ['Admin'],
  summary: 'Accounts, searchable by e-mail, name or id (admins)',
  security: bearerSecurity,
  request: {
    query: z.object({
      page: pageParam,
      limit: pageSizeParam(20),
      search: optionalText,
      admins: flagParam,
      banned: flagParam.openapi({ description: 'Only banned accounts.' }),
    }),
  },
  responses: {
    200: {
      description: 'A page of users',
      content: {
        'application/json': {
          schema: z.object({ users: z.array(AdminUserSchema), ...pagingFields }).openapi('AdminUserList'),
        },
      },
    },
    ...errorResponses(400, 401, 403),
  },
});

export function registerAdminListUsers(app: App) {
  app.openapi(route, async (c) => {
    await requireAdmin(c);
    const query = c.req.valid('query');
    const paging = { page: query.page, limit: query.limit };
    const { db } = c.get('services');
    const result = await listAdminUsers(db, {
      ...paging,
      search: query.search,
      adminsOnly: query.admins,
      bannedOnly: query.banned,
    });
    return c.json(
      {
        users: result.rows.map((row) => toAdminUser(row)),
        total: result.total,
        ...paging,
        totalPages: countPages(result.total, paging.limit),
      },
      200,
    );
  });
}
