import { createRoute } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { requireAdmin } from '../../auth/viewer.ts';
import { deleteRelease } from '../../services/releases/write-release.ts';
import { bearerSecurity, errorResponses } from '../schemas.ts';
import { ReleaseIdParams } from './schemas.ts';

const route = createRoute({
  method: 'delete',
  path: '/admin/releases/{releaseId}',
  operationId: 'adminDeleteReleaseNote',
  tags: ['Releases'],
  summary: 'Delete a release note (admins)',
  security: bearerSecurity,
  request: { params: ReleaseIdParams },
  responses: {
    204: { description: 'Deleted' },
    ...errorResponses(400, 401, 403, 404),
  },
});

export function registerDeleteReleaseNote(app: App) {
  app.openapi(route, async (c) => {
    const admin = await requireAdmin(c);
    await deleteRelease(c.get('services').db, admin, c.req.valid('param').releaseId);
    return c.body(null, 204);
  });
}
