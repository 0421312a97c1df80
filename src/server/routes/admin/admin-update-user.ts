import { createRoute, z } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { requireAdmin } from '../../auth/viewer.ts';
import { adminUpdateUser, getUserOr404, type UserAdminState } from '../../services/users/update-user.ts';
import { bearerSecurity, errorResponses } from '../schemas.ts';
import { ReasonField, UserIdParams } from './schemas.ts';
import { AdminUserSchema, toAdminUser } from './users-schema.ts';

const route = createRoute({
  method: 'put',
  path: '/admin/users/{userId}',
  operationId: 'adminUpdateUser',
  tags: ['Admin'],
  summary: 'Grant or revoke admin or trusted-reporter status, ban or unban an account (admins)',
  description:
    'Admins cannot remove their own admin flag (409 self_demotion) or ban themselves (409 self_ban). ' +
    'A ban may carry a `reason`: it is kept with the account (the account reads it in `GET /users`), in the audit ' +
    'entry, and listed with the user while the ban lasts. Lifting a ban answers the account’s open appeal, with ' +
    'the `reason` given then as the answer.',
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
              isTrustedReporter: z
                .boolean()
                .optional()
                .openapi({
                  description:
                    'Mark or unmark a trusted reporter: their reports can quarantine a pack’s latest version ' +
                    '(docs/moderation.md § Quarantine).',
                }),
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
    const { db, clock } = c.get('services');
    const target = await getUserOr404(db, c.req.valid('param').userId);
    const { reason, ...body } = c.req.valid('json');
    const changes: Partial<UserAdminState> = Object.fromEntries(
      Object.entries(body).filter(([, v]) => v !== undefined),
    );
    // The reason belongs to a status change: a ban's is kept with the account, an unban's answers its appeal.
    if (changes.status === 'UserStatusBanned') changes.banReason = reason ?? null;
    const withReason = changes.status !== undefined && reason ? { reason } : {};
    const updated = await adminUpdateUser(db, admin, target, changes, clock.now(), withReason);
    return c.json(toAdminUser(updated), 200);
  });
}
