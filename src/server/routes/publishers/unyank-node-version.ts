import { createRoute } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { loadVersionsWithArchive } from '../../services/nodes/load-bundles.ts';
import { toApiNodeVersion } from '../../services/serialize/node-version.ts';
import { setYank } from '../../services/versions/yank.ts';
import { bearerSecurity, errorResponses, NodeVersionSchema } from '../schemas.ts';
import { YankParams } from './yank-schemas.ts';
import { yankTarget } from './yank-target.ts';

const route = createRoute({
  method: 'post',
  path: '/publishers/{publisherId}/nodes/{nodeId}/versions/{version}/unyank',
  operationId: 'unyankNodeVersion',
  tags: ['Publishers'],
  summary: 'Take back a yank (owners and admins)',
  description:
    'The version counts again for `latest_version`, installs without a version, lists and the resolver. ' +
    'Unyanking a version that is not yanked changes nothing (200). Same permissions as the yank.',
  security: bearerSecurity,
  request: { params: YankParams },
  responses: {
    200: {
      description: 'The version, no longer yanked',
      content: { 'application/json': { schema: NodeVersionSchema } },
    },
    ...errorResponses(400, 401, 403, 404),
  },
});

export function registerUnyankNodeVersion(app: App) {
  app.openapi(route, async (c) => {
    const { viewer, version } = await yankTarget(c, c.req.valid('param'));
    const { db, config, clock } = c.get('services');
    const updated = await setYank(db, { actor: viewer, version, reason: null, now: clock.now() });
    const archive = (await loadVersionsWithArchive(db, [updated.id])).get(updated.id);
    return c.json(
      toApiNodeVersion(updated, { config, hasArchive: archive?.hasArchive ?? false, sha256: archive?.sha256 ?? null }),
      200,
    );
  });
}
