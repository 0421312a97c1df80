import { createRoute, z } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { getVisibleNode } from '../../services/nodes/find-node.ts';
import { toApiNodeVersion } from '../../services/serialize/node-version.ts';
import { loadProvenanceBriefs } from '../../services/trusted-publishing/provenance-summaries.ts';
import { DEFAULT_LISTED_STATUSES, listNodeVersions } from '../../services/versions/list-node-versions.ts';
import { nodeIdParam } from '../nodes/node-id-param.ts';
import { flagParam } from '../nodes/query-params.ts';
import { errorResponses, NodeVersionSchema, NodeVersionStatusSchema, repeatedQuery } from '../schemas.ts';
import { declareCacheKeys } from '../../http/declare-cache-keys.ts';
import { nodeKey } from '../../cache/cache-keys.ts';

const route = createRoute({
  method: 'get',
  path: '/nodes/{nodeId}/versions',
  operationId: 'listNodeVersions',
  tags: ['Registry'],
  summary: 'List all versions of a node',
  description:
    'A bare JSON array, highest semver first. `statuses` repeats (`statuses=A&statuses=B`); by default ' +
    'every status except Deleted and Banned. `status_reason` only with `include_status_reason=true`.',
  request: {
    params: z.object({ nodeId: nodeIdParam }),
    query: z.object({
      statuses: repeatedQuery(NodeVersionStatusSchema),
      include_status_reason: flagParam,
    }),
  },
  responses: {
    200: {
      description: 'List of all node versions',
      content: { 'application/json': { schema: z.array(NodeVersionSchema) } },
    },
    ...errorResponses(400, 403, 404),
  },
});

export function registerListNodeVersions(app: App) {
  app.openapi(route, async (c) => {
    const { nodeId } = c.req.valid('param');
    const query = c.req.valid('query');
    const { db, config } = c.get('services');
    const node = await getVisibleNode(db, nodeId);
    const statuses = query.statuses?.length ? query.statuses : DEFAULT_LISTED_STATUSES;
    const versions = await listNodeVersions(db, node.id, statuses);
    declareCacheKeys(c, [nodeKey(nodeId), nodeKey(node.id)]);
    const includeStatusReason = query.include_status_reason ?? false;
    const provenance = await loadProvenanceBriefs(
      db,
      versions.map(({ version }) => version.id),
    );
    return c.json(
      versions.map(({ version, hasArchive, sha256 }) =>
        toApiNodeVersion(version, {
          config,
          hasArchive,
          sha256,
          includeStatusReason,
          provenance: provenance.get(version.id),
        }),
      ),
      200,
    );
  });
}
