import { createRoute, z } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { getVisibleNode } from '../../services/nodes/find-node.ts';
import { countInstallInBackground } from '../../services/nodes/count-install.ts';
import { toApiNodeVersion } from '../../services/serialize/node-version.ts';
import { resolveInstallVersion } from '../../services/versions/resolve-install.ts';
import { errorResponses, NodeVersionSchema } from '../schemas.ts';
import { nodeIdParam } from './node-id-param.ts';
import { optionalText } from './query-params.ts';

const route = createRoute({
  method: 'get',
  path: '/nodes/{nodeId}/install',
  operationId: 'installNode',
  tags: ['Registry'],
  summary: 'Returns a node version to be installed.',
  description:
    'The latest Active version, or the requested `version` when it is Active, with its absolute ' +
    '`downloadUrl`. Counts one install, at most once per client address and version per hour (repeated ' +
    'calls are answered but not counted again). Pending and flagged versions are not installable (404), ' +
    'banned ones are refused (403).',
  request: {
    params: z.object({ nodeId: nodeIdParam }),
    query: z.object({
      version: optionalText.openapi({ description: 'A version such as 1.2.3; omitted (or "latest") = latest.' }),
    }),
  },
  responses: {
    200: {
      description: 'Node data returned successfully.',
      content: { 'application/json': { schema: NodeVersionSchema } },
    },
    ...errorResponses(400, 403, 404),
  },
});

export function registerInstallNode(app: App) {
  app.openapi(route, async (c) => {
    const { nodeId } = c.req.valid('param');
    const { version } = c.req.valid('query');
    const { db, config, clock } = c.get('services');
    const node = await getVisibleNode(db, nodeId);
    const found = await resolveInstallVersion(db, node, version);
    // Counted after the answer is on its way: a slow or failed count never delays or fails an install.
    countInstallInBackground(db, c.get('logger'), {
      nodeId: node.id,
      version: found.version.version,
      clientIp: c.get('clientIp'),
      now: clock.now(),
    });
    return c.json(toApiNodeVersion(found.version, { config, hasArchive: found.hasArchive, sha256: found.sha256 }), 200);
  });
}
