import { createRoute, z } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { requireAdmin } from '../../auth/viewer.ts';
import { issueAdminToken } from '../../services/admin-tokens/admin-jwt.ts';
import { recordAudit, userActor } from '../../services/audit/record.ts';
import { bearerSecurity, errorResponses } from '../schemas.ts';

const TokenSchema = z
  .object({
    token: z.string().openapi({ description: 'Send as `Authorization: Bearer <token>`; it stands for this admin.' }),
    expires_at: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('AdminToken');

const route = createRoute({
  method: 'post',
  path: '/admin/generate-token',
  operationId: 'GenerateAdminToken',
  tags: ['Admin'],
  summary: 'A one-hour admin token for browser-based admin work (admins)',
  description:
    'An HS256 JWT accepted wherever a Firebase ID token is, for one hour, and only while its holder is ' +
    'still an active admin. Signed-in non-admins get 403 (upstream: 401).',
  security: bearerSecurity,
  responses: {
    200: { description: 'Token generated', content: { 'application/json': { schema: TokenSchema } } },
    ...errorResponses(401, 403),
  },
});

export function registerGenerateAdminToken(app: App) {
  app.openapi(route, async (c) => {
    const admin = await requireAdmin(c);
    const { config, clock, db } = c.get('services');
    const { token, expiresAt } = issueAdminToken(config.signingSecret, admin.id, clock.now());
    await recordAudit(db, {
      actor: userActor(admin),
      action: 'admin_token.generate',
      targetType: 'user',
      targetId: admin.id,
      after: { expiresAt },
    });
    return c.json({ token, expires_at: expiresAt.toISOString() }, 200);
  });
}
