import { createRoute, z } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { MAX_WARNINGS_PER_VERSION, listVersionWarnings } from '../../services/moderation/version-warnings.ts';
import { getVisibleNode } from '../../services/nodes/find-node.ts';
import { toApiFinding } from '../../services/serialize/finding.ts';
import { listNodeVersions } from '../../services/versions/list-node-versions.ts';
import { nodeIdParam } from '../nodes/node-id-param.ts';
import { errorResponses } from '../schemas.ts';
import { FindingSchema } from './schemas.ts';

// Nodeyard extension. Medium and low scan findings do not hold a version; its node page lists them
// for everyone, and the publisher's dashboard reads the same list from here.
const ScanWarningsSchema = z
  .object({
    versions: z
      .array(
        z.object({
          version_id: z.string(),
          version: z.string(),
          total: z.number().int().openapi({ description: 'All warnings of the version; `findings` lists the first.' }),
          findings: z.array(FindingSchema),
        }),
      )
      .openapi({ description: 'Active versions that have warnings, newest first.' }),
  })
  .openapi('NodeScanWarnings');

const route = createRoute({
  method: 'get',
  path: '/nodes/{nodeId}/scan-warnings',
  operationId: 'listNodeScanWarnings',
  tags: ['Moderation'],
  summary: "The automated scan's warnings (medium and low findings) of a node's Active versions",
  description:
    `Nodeyard extension: not in the upstream contract. At most ${MAX_WARNINGS_PER_VERSION} findings per version, ` +
    'medium first. Critical and high findings hold a version for review and are not listed here.',
  request: { params: z.object({ nodeId: nodeIdParam }) },
  responses: {
    200: { description: 'Warnings by version', content: { 'application/json': { schema: ScanWarningsSchema } } },
    ...errorResponses(403, 404),
  },
});

export function registerListNodeScanWarnings(app: App) {
  app.openapi(route, async (c) => {
    const { db } = c.get('services');
    const node = await getVisibleNode(db, c.req.valid('param').nodeId);
    const active = await listNodeVersions(db, node.id, ['NodeVersionStatusActive']);
    const warnings = await listVersionWarnings(
      db,
      active.map(({ version }) => version.id),
    );
    return c.json(
      {
        versions: active.flatMap(({ version }) => {
          const entry = warnings.get(version.id);
          if (!entry) return [];
          return [
            {
              version_id: version.id,
              version: version.version,
              total: entry.total,
              findings: entry.findings.map(toApiFinding),
            },
          ];
        }),
      },
      200,
    );
  });
}
