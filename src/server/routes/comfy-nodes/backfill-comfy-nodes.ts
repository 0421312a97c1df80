import { createRoute, z } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { requireAdminOrService } from '../../auth/service-token.ts';
import {
  backfillComfyNodes,
  DEFAULT_BACKFILL_VERSIONS,
  MAX_BACKFILL_VERSIONS,
} from '../../services/comfy-nodes/backfill.ts';
import { bearerSecurity, errorResponses } from '../schemas.ts';

const Query = z.object({
  max_node: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_BACKFILL_VERSIONS)
    .optional()
    .openapi({
      param: { name: 'max_node', in: 'query' },
      description: `Versions to queue at most (default ${DEFAULT_BACKFILL_VERSIONS}, applied unlike upstream).`,
    }),
});

const route = createRoute({
  method: 'post',
  path: '/comfy-nodes/backfill',
  operationId: 'ComfyNodesBackfill',
  tags: ['Registry'],
  summary: 'Queue node-class extraction for versions that have none yet (service token or admin)',
  security: bearerSecurity,
  request: { query: Query },
  responses: {
    204: { description: 'Backfill queued' },
    ...errorResponses(400, 401, 403),
  },
});

export function registerComfyNodesBackfill(app: App) {
  app.openapi(route, async (c) => {
    await requireAdminOrService(c);
    const limit = c.req.valid('query').max_node ?? DEFAULT_BACKFILL_VERSIONS;
    await backfillComfyNodes(c.get('services'), limit);
    return c.body(null, 204);
  });
}
