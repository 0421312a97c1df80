import { createRoute, z } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { requireAdmin } from '../../auth/viewer.ts';
import { adminUpdateUser, getUserOr404 } from '../../services/admin/update-user.ts';
import { userBanReasons } from '../../services/admin/user-ban-reasons.ts';
import { bearerSecurity, errorResponses } from '../schemas.ts';
import { ReasonField, UserIdParams } from './schemas.ts';
import { AdminUserSchema, toAdminUser } from './users-schema.ts';

const route = createRoute({
  method: 'put',
  path: '/admin/users/{userId}',
  operationId: 'adminUpdateUser',
  tags: ['Admin'],
  summary: 'Grant or revoke admin, ban or unban an account (admins)',
  description:
    'Admins cannot remove their own admin flag (409 self_demotion) or ban themselves (409 self_ban). ' +
    'A ban may carry a `reason`; it is kept in the audit entry and listed with the user while the ban lasts.',
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
              reason: ReasonField.optional(),
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
    const { reason, ...body } = c.req.valid('json');
    const changes = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
    // The reason belongs to a ban: it goes into that audit entry (and is listed with the user while banned).
    const banReason = changes['status'] === 'UserStatusBanned' && reason ? reason : undefined;
    const updated = await adminUpdateUser(db, admin, target, changes, banReason ? { reason: banReason } : {});
    const reasons = await userBanReasons(db, [updated]);
    return c.json(toAdminUser(updated, reasons.get(updated.id)), 200);
  });
}
