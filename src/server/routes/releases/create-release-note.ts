import { createRoute } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { requireAdmin } from '../../auth/viewer.ts';
import { toApiReleaseNote } from '../../services/releases/serialize.ts';
import { createRelease } from '../../services/releases/write-release.ts';
import { bearerSecurity, errorResponses } from '../schemas.ts';
import { CreateReleaseBody, ReleaseNoteSchema } from './schemas.ts';

const route = createRoute({
  method: 'post',
  path: '/admin/releases',
  operationId: 'adminCreateReleaseNote',
  tags: ['Releases'],
  summary: 'Write a release note (admins)',
  description:
    'Not in the upstream contract (upstream fills release notes from Strapi). One note per project, version ' +
    'and locale: a second one is a 409. The version is stored as canonical semver.',
  security: bearerSecurity,
  request: { body: { required: true, content: { 'application/json': { schema: CreateReleaseBody } } } },
  responses: {
    201: { description: 'Created', content: { 'application/json': { schema: ReleaseNoteSchema } } },
    ...errorResponses(400, 401, 403, 409),
  },
});

export function registerCreateReleaseNote(app: App) {
  app.openapi(route, async (c) => {
    const admin = await requireAdmin(c);
    const { db, clock } = c.get('services');
    const body = c.req.valid('json');
    const row = await createRelease(db, admin, {
      project: body.project,
      version: body.version,
      locale: body.locale,
      attention: body.attention,
      content: body.content,
      formFactors: body.form_factors,
      publishedAt: body.published_at ?? clock.now(),
    });
    return c.json(toApiReleaseNote(row), 201);
  });
}
