import { createRoute } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { rawPublicKey } from '../../index-protocol/signatures.ts';
import { IndexKeysDocSchema } from './schemas.ts';

const route = createRoute({
  method: 'get',
  path: '/index/v1/keys',
  operationId: 'getIndexKeys',
  tags: ['Index'],
  summary: 'The public keys that sign the index',
  description:
    'The key that signs now (`signing: true`) and any announced for a rotation or still valid after one. Pin them ' +
    'out of band; during a rotation both keys are listed (docs/index-protocol.md).',
  responses: {
    200: { description: 'The keys', content: { 'application/json': { schema: IndexKeysDocSchema } } },
  },
});

export function registerGetIndexKeys(app: App) {
  app.openapi(route, (c) => {
    const { indexKeys } = c.get('services');
    const keys = indexKeys.published.map((key) => ({
      id: key.id,
      algorithm: 'ed25519' as const,
      public_key: rawPublicKey(key.publicKey),
      signing: key.id === indexKeys.signing.id,
    }));
    c.header('Cache-Control', 'public, max-age=300');
    return c.json({ keys }, 200);
  });
}
