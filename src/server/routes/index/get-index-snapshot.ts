import { createRoute } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { currentSnapshot } from '../../services/index-protocol/snapshot-cache.ts';
import { sendIndexDocument } from './index-response.ts';
import { IndexSnapshotDocSchema, signedHeaders } from './schemas.ts';

const route = createRoute({
  method: 'get',
  path: '/index/v1/snapshot',
  operationId: 'getIndexSnapshot',
  tags: ['Index'],
  summary: 'The whole public catalogue in one signed document',
  description:
    'Every public pack (withheld, banned and deleted ones are absent) and every installable version with its sha256, ' +
    'at one position of the change feed (`cursor`). The same cursor gives the same bytes on every instance. Signed ' +
    'with Ed25519 over the uncompressed body (headers); brotli or gzip per Accept-Encoding; 304 on If-None-Match. ' +
    'Follow it with GET /index/v1/changes?since=<cursor>. See docs/index-protocol.md.',
  responses: {
    200: {
      description: 'The snapshot',
      headers: signedHeaders,
      content: { 'application/json': { schema: IndexSnapshotDocSchema } },
    },
    304: { description: 'Not modified: If-None-Match named this snapshot' },
  },
});

// Clients and CDNs may keep it a minute, and serve it a while longer while revalidating: a client
// catches up from the snapshot's cursor with the changes, which are kept short-lived.
const CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=600';

export function registerGetIndexSnapshot(app: App) {
  app.openapi(route, async (c) => {
    const snapshot = await currentSnapshot(c.get('services'));
    return sendIndexDocument(c, snapshot, { cacheControl: CACHE_CONTROL, encoded: snapshot.encoded });
  });
}
