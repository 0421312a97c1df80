import { createRoute, z } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { getVisibleNode } from '../../services/nodes/find-node.ts';
import { loadNodeBundles } from '../../services/nodes/load-bundles.ts';
import { errorResponses, NodeSchema } from '../schemas.ts';
import { nodeDetail } from './node-detail.ts';
import { minAgeCutoff, minAgeParam } from './min-age-param.ts';
import { nodeIdParam } from './node-id-param.ts';
import { flagParam } from './query-params.ts';
import { declareCacheKeys } from '../../http/declare-cache-keys.ts';
import { ADVISORIES_KEY, nodeKey, publisherKey } from '../../cache/cache-keys.ts';
import { advisoryIds, loadNodeAdvisories } from '../../services/advisories/node-advisories.ts';

const route = createRoute({
  method: 'get',
  path: '/nodes/{nodeId}',
  operationId: 'getNode',
  tags: ['Registry'],
  summary: 'Retrieve a specific node by ID',
  description:
    'The node with its publisher and latest (highest semver Active, not yanked; with `min_age`, published at ' +
    'least that long ago, and absent when none is) version. The id is matched ' +
    'case-insensitively and the canonical one is returned. No side effects (installs are counted by /install). ' +
    '`advisories` / `dependency_advisories`: ids of the security advisories about the pack and its dependencies.',
  request: {
    params: z.object({ nodeId: nodeIdParam }),
    query: z.object({
      include_translations: flagParam.openapi({ description: 'Include `translations` (left out by default).' }),
      min_age: minAgeParam,
    }),
  },
  responses: {
    200: { description: 'Node details', content: { 'application/json': { schema: NodeSchema } } },
    ...errorResponses(403, 404),
  },
});

export function registerGetNode(app: App) {
  app.openapi(route, async (c) => {
    const { nodeId } = c.req.valid('param');
    const { include_translations: includeTranslations = false, min_age: minAge } = c.req.valid('query');
    const { db, config, clock } = c.get('services');
    const publishedBy = minAgeCutoff(minAge, config, clock);
    const node = await getVisibleNode(db, nodeId);
    const [[bundle], advisories] = await Promise.all([
      loadNodeBundles(db, [node], { publishedBy }),
      loadNodeAdvisories(db, node),
    ]);
    // Under a minimum release age the answer changes with time alone, which no cache key follows: not kept.
    // An advisory about a Python package names no pack in the change feed, hence the advisories key.
    if (!publishedBy) {
      declareCacheKeys(c, [
        nodeKey(nodeId),
        nodeKey(bundle!.node.id),
        publisherKey(bundle!.node.publisherId),
        ADVISORIES_KEY,
      ]);
    }
    return c.json(
      {
        ...nodeDetail(bundle!, config, includeTranslations),
        advisories: advisoryIds(advisories.pack),
        dependency_advisories: advisoryIds(advisories.dependencies),
      },
      200,
    );
  });
}
