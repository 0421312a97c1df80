import { createRoute, z } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { visibleNode } from '../../services/nodes/find-node.ts';
import { findNodeWithLatest } from '../../services/nodes/load-bundles.ts';
import { ADVISORIES_HEADER, checkInstallAdvisories } from '../../services/advisories/install-gate.ts';
import { countInstallInBackground } from '../../services/nodes/count-install.ts';
import { toApiNodeVersion } from '../../services/serialize/node-version.ts';
import { loadProvenanceBriefs } from '../../services/trusted-publishing/provenance-summaries.ts';
import { resolveInstallVersion } from '../../services/versions/resolve-install.ts';
import { errorResponses, NodeVersionSchema } from '../schemas.ts';
import { minAgeCutoff, minAgeParam } from './min-age-param.ts';
import { nodeIdParam } from './node-id-param.ts';
import { optionalText } from './query-params.ts';

/** Set on an install of a yanked version: its reason, percent-encoded (headers are Latin-1, reasons are not). */
export const YANKED_HEADER = 'Nodeyard-Yanked';

const route = createRoute({
  method: 'get',
  path: '/nodes/{nodeId}/install',
  operationId: 'installNode',
  tags: ['Registry'],
  summary: 'Returns a node version to be installed.',
  description:
    'The latest Active, not yanked version (with `min_age`: the latest one published at least that long ago, ' +
    'else 404 `no_version_old_enough`), or the requested `version` when it is Active, with its absolute ' +
    '`downloadUrl`. A requested version that was yanked is still answered, with `yanked: true`, `yanked_reason` ' +
    'and the header `Nodeyard-Yanked: <reason, percent-encoded>`. Counts one install, at most once per client ' +
    'address and version per hour (repeated calls are answered but not counted again). Pending and flagged ' +
    'versions are not installable (404), banned ones are refused (403). A version with active security advisories ' +
    'answers `Nodeyard-Advisories: <ids>`; a malware advisory refuses it (403 `advisory_blocked`, not counted).',
  request: {
    params: z.object({ nodeId: nodeIdParam }),
    query: z.object({
      version: optionalText.openapi({ description: 'A version such as 1.2.3; omitted (or "latest") = latest.' }),
      min_age: minAgeParam,
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
    const { version, min_age: minAge } = c.req.valid('query');
    const { db, config, clock } = c.get('services');
    // The node, its latest version and that version's provenance in one query: most installs need no other read.
    const head = await findNodeWithLatest(db, nodeId);
    const node = visibleNode(head?.node, nodeId);
    const found = await resolveInstallVersion(db, node, version, {
      publishedBy: minAgeCutoff(minAge, config, clock),
      latest: head?.latest,
    });
    // Refused before counting: a blocked install is no download.
    const advisories = await checkInstallAdvisories(db, node.id, found.version.version);
    if (advisories) c.header(ADVISORIES_HEADER, advisories);
    // Counted after the answer is on its way: a slow or failed count never delays or fails an install.
    countInstallInBackground(db, c.get('logger'), {
      nodeId: node.id,
      version: found.version.version,
      clientIp: c.get('clientIp'),
      now: clock.now(),
    });
    // Only an exact install can meet a yanked version; the header tells clients that read no body fields.
    if (found.version.yankedAt) c.header(YANKED_HEADER, encodeURIComponent(found.version.yankedReason));
    const provenance =
      found.version.id === head?.latest?.version.id
        ? head.latestProvenance
        : (await loadProvenanceBriefs(db, [found.version.id])).get(found.version.id);
    return c.json(
      toApiNodeVersion(found.version, { config, hasArchive: found.hasArchive, sha256: found.sha256, provenance }),
      200,
    );
  });
}
