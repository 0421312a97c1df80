import { createRoute, z } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { getVersionByNumber } from '../../services/moderation/find-version.ts';
import { requestRescan } from '../../services/moderation/rescan.ts';
import { authorizePublisher } from '../../auth/publisher-access.ts';
import { assertNodeWritable, getPublisherNode } from '../../services/nodes/publisher-nodes.ts';
import { bearerSecurity, errorResponses } from '../schemas.ts';
import { VersionNumberParams } from './schemas.ts';

const RescanResponse = z
  .object({ queued: z.boolean().openapi({ description: 'False when a scan was already waiting.' }) })
  .openapi('RescanResponse');

const route = createRoute({
  method: 'post',
  path: '/publishers/{publisherId}/nodes/{nodeId}/versions/{version}/rescan',
  operationId: 'rescanNodeVersion',
  tags: ['Moderation'],
  summary: 'Queue a new security scan of a Pending or Flagged version (owners, members and admins)',
  description:
    'Nodeyard extension. A clean rescan activates a version the scanner had flagged; a version an admin flagged stays flagged.',
  security: bearerSecurity,
  request: { params: VersionNumberParams },
  responses: {
    202: { description: 'Scan queued', content: { 'application/json': { schema: RescanResponse } } },
    ...errorResponses(401, 403, 404, 409),
  },
});

export function registerRescanVersion(app: App) {
  app.openapi(route, async (c) => {
    const { publisherId, nodeId, version: number } = c.req.valid('param');
    const { viewer, publisher } = await authorizePublisher(c, publisherId, 'version.update');
    const services = c.get('services');
    const node = await getPublisherNode(services.db, publisher, nodeId);
    assertNodeWritable(node, viewer);
    const version = await getVersionByNumber(services.db, node, number);
    return c.json({ queued: await requestRescan(services, viewer, version) }, 202);
  });
}
