import { createRoute, z } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { createApiKey } from '../../services/customers/api-keys.ts';
import { toApiKey } from '../../services/customers/serialize.ts';
import { bearerSecurity, errorResponses } from '../schemas.ts';
import { requireOwnCustomer } from './access.ts';
import { ApiKeyWithPlaintextSchema, CreateApiKeyBody } from './schemas.ts';

const route = createRoute({
  method: 'post',
  path: '/customers/api-keys',
  operationId: 'createCustomerAPIKey',
  tags: ['Customers'],
  summary: 'Create an API key (the plaintext is in this response only)',
  description:
    'Keys look like `nyd_ak_…`; the server keeps only a sha256. Needs a Firebase ID token: an API key ' +
    'cannot mint more keys (a leaked key must not be able to outlive its revocation).',
  security: bearerSecurity,
  request: { body: { required: true, content: { 'application/json': { schema: CreateApiKeyBody } } } },
  responses: {
    201: {
      description: 'Key created',
      content: { 'application/json': { schema: z.object({ api_key: ApiKeyWithPlaintextSchema }) } },
    },
    ...errorResponses(400, 401, 403, 404),
  },
});

export function registerCreateCustomerApiKey(app: App) {
  app.openapi(route, async (c) => {
    const { caller } = await requireOwnCustomer(c, { allowApiKey: false, active: true });
    const body = c.req.valid('json');
    const { row, plaintext } = await createApiKey(c.get('services').db, caller.user, {
      name: body.name,
      description: body.description ?? '',
    });
    return c.json({ api_key: { ...toApiKey(row), plaintext_key: plaintext } }, 201);
  });
}
