import { createRoute, z } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { requireAdmin } from '../../auth/viewer.ts';
import { adminUpdateUser, getUserOr404 } from '../../services/admin/update-user.ts';
import { bearerSecurity, errorResponses } from '../schemas.ts';
import { UserIdParams } from './schemas.ts';
import { AdminUserSchema, toAdminUser } from './users-schema.ts';

const route = createRoute({
  method: 'put',
  path: '/admin/users/{userId}',
  operationId: 'adminUpdateUser',
  tags: ['Admin'],
  summary: 'Grant or revoke admin, ban or unban an account (admins)',
  description: 'Admins cannot remove their own admin flag or ban themselves (409).',
  security: bearerSecurity,
  request: {
    params: UserIdParams,
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z
            .object({
              isAdmin: z.boolean().optional(),
              status: z.enum(['UserStatusActive', 'UserStatusBanned']).optional(),
            })
            .openapi('AdminUpdateUserRequest'),
        },
      },
    },
  },
  responses: {
    200: { description: 'The updated user', content: { 'application/json': { schema: AdminUserSchema } } },
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

export function registerAdminUpdateUser(app: App) {
  app.openapi(route, async (c) => {
    const admin = await requireAdmin(c);
    const { db } = c.get('services');
    const target = await getUserOr404(db, c.req.valid('param').userId);
    const body = c.req.valid('json');
    const changes = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
    return c.json(toAdminUser(await adminUpdateUser(db, admin, target, changes)), 200);
  });
}
