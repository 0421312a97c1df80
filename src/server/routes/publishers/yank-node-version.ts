import { createRoute } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { loadVersionsWithArchive } from '../../services/nodes/load-bundles.ts';
import { toApiNodeVersion } from '../../services/serialize/node-version.ts';
import { setYank } from '../../services/versions/yank.ts';
import { bearerSecurity, errorResponses, NodeVersionSchema } from '../schemas.ts';
import { YankBody, YankParams } from './yank-schemas.ts';
import { yankTarget } from './yank-target.ts';

const route = createRoute({
  method: 'post',
  path: '/publishers/{publisherId}/nodes/{nodeId}/versions/{version}/yank',
  operationId: 'yankNodeVersion',
  tags: ['Publishers'],
  summary: 'Yank a version: no longer latest, still installable by exact version (owners and admins)',
  description:
    'The version leaves `latest_version`, `/nodes/{id}/install` without a version, lists, search, the index’s ' +
    'latest and the workflow resolver’s choice. `/nodes/{id}/install?version=` still answers it, with ' +
    '`yanked: true`, `yanked_reason` and the `Nodeyard-Yanked` header. Needs a signed-in owner or an admin: a ' +
    'personal access token cannot yank. Yanking a yanked version again replaces the reason. Undo with `…/unyank`.',
  security: bearerSecurity,
  request: {
    params: YankParams,
    body: { required: true, content: { 'application/json': { schema: YankBody } } },
  },
  responses: {
    200: { description: 'The yanked version', content: { 'application/json': { schema: NodeVersionSchema } } },
    ...errorResponses(400, 401, 403, 404),
  },
});

export function registerYankNodeVersion(app: App) {
  app.openapi(route, async (c) => {
    const { viewer, version } = await yankTarget(c, c.req.valid('param'));
    const { db, config, clock } = c.get('services');
    const updated = await setYank(db, { actor: viewer, version, reason: c.req.valid('json').reason, now: clock.now() });
    const archive = (await loadVersionsWithArchive(db, [updated.id])).get(updated.id);
    return c.json(
      toApiNodeVersion(updated, { config, hasArchive: archive?.hasArchive ?? false, sha256: archive?.sha256 ?? null }),
      200,
    );
  });
}
