import { createRoute, z } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { requireAdminOrService } from '../../auth/service-token.ts';
import { forbidden, notFound } from '../../errors.ts';
import { findApiKeyOwner, touchApiKey } from '../../services/customers/api-keys.ts';
import { bearerSecurity, errorResponses } from '../schemas.ts';

const Body = z
  .object({ api_key: z.string().min(1).max(200).openapi({ description: 'The API key to check (nyd_ak_…).' }) })
  .openapi('VerifyApiKeyRequest');

const VerifiedSchema = z
  .object({
    valid: z.boolean(),
    firebase_uid: z.string(),
    email: z.string().optional(),
    name: z.string().optional(),
    is_admin: z.boolean().optional(),
  })
  .openapi('VerifyApiKeyResponse');

const route = createRoute({
  method: 'post',
  path: '/admin/verify-api-key',
  operationId: 'VerifyApiKey',
  tags: ['Admin'],
  summary: 'Whose customer API key is this? (admins and service tokens)',
  description:
    'For a trusted service that accepts API keys instead of Firebase tokens. Upstream authorizes it with ' +
    'the X-Comfy-Admin-Secret header; here an admin sign-in or a service token (nyd_svc_…). ' +
    '404 unknown or deleted key; 403 when the key’s account is banned.',
  security: bearerSecurity,
  request: { body: { required: true, content: { 'application/json': { schema: Body } } } },
  responses: {
    200: { description: 'The key is valid', content: { 'application/json': { schema: VerifiedSchema } } },
    ...errorResponses(400, 401, 403, 404),
  },
});

export function registerVerifyApiKey(app: App) {
  app.openapi(route, async (c) => {
    await requireAdminOrService(c);
    const { db, clock } = c.get('services');
    const found = await findApiKeyOwner(db, c.req.valid('json').api_key.trim());
    if (!found) throw notFound('No such API key (unknown or deleted).');
    if (found.user.status === 'UserStatusBanned') {
      throw forbidden('The account of this API key is banned.', 'user_banned');
    }
    // Verifying a key on someone's behalf is a use of it.
    await touchApiKey(db, found.key.id, clock.now());
    const { user } = found;
    return c.json(
      {
        valid: true,
        firebase_uid: user.id,
        ...(user.email ? { email: user.email } : {}),
        ...(user.name ? { name: user.name } : {}),
        is_admin: user.isAdmin,
      },
      200,
    );
  });
}
