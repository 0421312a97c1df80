import { createRoute, z } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { requireAdminOrService } from '../../auth/service-token.ts';
import { DEFAULT_REINDEX_BATCH, MAX_REINDEX_BATCH, rebuildSearchIndex } from '../../services/search-index/reindex.ts';
import { bearerSecurity, errorResponses } from '../schemas.ts';

const Query = z.object({
  max_batch: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_REINDEX_BATCH)
    .optional()
    .openapi({
      param: { name: 'max_batch', in: 'query' },
      description: `Nodes read from the database per batch (default ${DEFAULT_REINDEX_BATCH}).`,
    }),
});

const ReindexResultSchema = z.object({ indexed: z.number().int(), batches: z.number().int() }).openapi('ReindexResult');

const route = createRoute({
  method: 'post',
  path: '/nodes/reindex',
  operationId: 'reindexNodes',
  tags: ['Registry'],
  summary: 'Rebuild the search index from the database (service token or admin)',
  description:
    'Synchronous: answers once the index is rebuilt, with counts (upstream answers an empty 200 and ' +
    'reindexes in the background). Rebuilds the index of the instance that answers; the others ' +
    'converge through their change feed and periodic full check.',
  security: bearerSecurity,
  request: { query: Query },
  responses: {
    200: {
      description: 'Reindex completed',
      content: { 'application/json': { schema: ReindexResultSchema } },
    },
    ...errorResponses(400, 401, 403),
  },
});

export function registerReindexNodes(app: App) {
  app.openapi(route, async (c) => {
    await requireAdminOrService(c);
    const { db, search } = c.get('services');
    const batch = c.req.valid('query').max_batch ?? DEFAULT_REINDEX_BATCH;
    return c.json(await rebuildSearchIndex(db, search, batch), 200);
  });
}
