import { createRoute, z } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { requireAdmin } from '../../auth/viewer.ts';
import { batchReview } from '../../services/moderation/batch-review.ts';
import { loadVersionsWithArchive } from '../../services/nodes/load-bundles.ts';
import { toApiNodeVersion } from '../../services/serialize/node-version.ts';
import { bearerSecurity, errorResponses, NodeVersionSchema } from '../schemas.ts';
import { ReasonField } from './schemas.ts';

const BatchBody = z
  .object({
    action: z.enum(['approve', 'flag', 'ban']),
    reason: ReasonField.min(1, 'a reason is required'),
    version_ids: z.array(z.uuid('must be a version id (a UUID)')).min(1).max(100),
  })
  .openapi('AdminBatchReviewRequest');

const route = createRoute({
  method: 'post',
  path: '/admin/versions/batch',
  operationId: 'adminBatchReviewVersions',
  tags: ['Admin'],
  summary: 'Approve, flag or ban several versions at once (admins)',
  description:
    'All or nothing, in one transaction; one audit row per version, sharing `batch_id`, which POST /admin/undo ' +
    'accepts to reverse the whole batch. Approving a version without an uploaded archive is a 409.',
  security: bearerSecurity,
  request: { body: { required: true, content: { 'application/json': { schema: BatchBody } } } },
  responses: {
    200: {
      description: 'The reviewed versions',
      content: {
        'application/json': {
          schema: z
            .object({ batch_id: z.string(), versions: z.array(NodeVersionSchema) })
            .openapi('AdminBatchReviewResult'),
        },
      },
    },
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

export function registerAdminBatchReviewVersions(app: App) {
  app.openapi(route, async (c) => {
    const admin = await requireAdmin(c);
    const { db, config, clock } = c.get('services');
    const body = c.req.valid('json');
    const result = await batchReview(db, admin, {
      now: clock.now(),
      decision: body.action,
      reason: body.reason,
      versionIds: body.version_ids,
    });
    const archives = await loadVersionsWithArchive(
      db,
      result.versions.map((v) => v.id),
    );
    const versions = result.versions.map((v) =>
      toApiNodeVersion(v, {
        config,
        hasArchive: archives.get(v.id)?.hasArchive ?? false,
        sha256: archives.get(v.id)?.sha256 ?? null,
        includeStatusReason: true,
      }),
    );
    return c.json({ batch_id: result.batchId, versions }, 200);
  });
}
