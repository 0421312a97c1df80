import { createRoute } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { authorizePublisher } from '../../auth/publisher-access.ts';
import { deleteVersion } from '../../services/versions/delete-version.ts';
import { assertNodeWritable, getNodeVersion, getPublisherNode } from '../../services/nodes/publisher-nodes.ts';
import { bearerSecurity, errorResponses } from '../schemas.ts';
import { VersionParams } from './schemas.ts';

const route = createRoute({
  method: 'delete',
  path: '/publishers/{publisherId}/nodes/{nodeId}/versions/{versionId}',
  operationId: 'deleteNodeVersion',
  tags: ['Publishers'],
  summary: 'Unpublish a version (owners and admins)',
  description:
    'A soft delete (status NodeVersionStatusDeleted); the latest version is recomputed. The version number stays ' +
    'reserved forever. A version of another node, or of another publisher, is a 404.',
  security: bearerSecurity,
  request: { params: VersionParams },
  responses: {
    204: { description: 'Version deleted' },
    ...errorResponses(400, 401, 403, 404),
  },
});

export function registerDeleteNodeVersion(app: App) {
  app.openapi(route, async (c) => {
    const { publisherId, nodeId, versionId } = c.req.valid('param');
    const { viewer, publisher } = await authorizePublisher(c, publisherId, 'version.delete');
    const { db, clock } = c.get('services');
    const node = await getPublisherNode(db, publisher, nodeId);
    assertNodeWritable(node, viewer);
    await deleteVersion(db, viewer, await getNodeVersion(db, node, versionId), clock.now());
    return c.body(null, 204);
  });
}
