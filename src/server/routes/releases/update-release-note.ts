import { createRoute } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { requireAdmin } from '../../auth/viewer.ts';
import { toApiReleaseNote } from '../../services/releases/serialize.ts';
import { updateRelease, type ReleaseFields } from '../../services/releases/write-release.ts';
import { bearerSecurity, errorResponses } from '../schemas.ts';
import { ReleaseIdParams, ReleaseNoteSchema, UpdateReleaseBody } from './schemas.ts';

const route = createRoute({
  method: 'put',
  path: '/admin/releases/{releaseId}',
  operationId: 'adminUpdateReleaseNote',
  tags: ['Releases'],
  summary: 'Edit a release note (admins)',
  description: 'Only the fields sent change. 404 for an unknown id; 409 when it would collide with another note.',
  security: bearerSecurity,
  request: {
    params: ReleaseIdParams,
    body: { required: true, content: { 'application/json': { schema: UpdateReleaseBody } } },
  },
  responses: {
    200: { description: 'Updated', content: { 'application/json': { schema: ReleaseNoteSchema } } },
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

export function registerUpdateReleaseNote(app: App) {
  app.openapi(route, async (c) => {
    const admin = await requireAdmin(c);
    const { db, clock } = c.get('services');
    const body = c.req.valid('json');
    const changes: Partial<ReleaseFields> = {
      ...(body.project !== undefined ? { project: body.project } : {}),
      ...(body.version !== undefined ? { version: body.version } : {}),
      ...(body.locale !== undefined ? { locale: body.locale } : {}),
      ...(body.attention !== undefined ? { attention: body.attention } : {}),
      ...(body.content !== undefined ? { content: body.content } : {}),
      ...(body.form_factors !== undefined ? { formFactors: body.form_factors } : {}),
      ...(body.published_at !== undefined ? { publishedAt: body.published_at } : {}),
    };
    const row = await updateRelease(db, admin, c.req.valid('param').releaseId, changes, clock.now());
    return c.json(toApiReleaseNote(row), 200);
  });
}
