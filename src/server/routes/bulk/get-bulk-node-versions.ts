import { createRoute, z } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { toApiNodeVersion } from '../../services/serialize/node-version.ts';
import { loadProvenanceBriefs } from '../../services/trusted-publishing/provenance-summaries.ts';
import { lookupVersions } from '../../services/versions/bulk-lookup.ts';
import { errorResponses, NodeVersionSchema } from '../schemas.ts';

/** One request may ask for this many pairs at most (a whole ComfyUI install is far below it). */
export const MAX_BULK_ITEMS = 500;

const IdentifierSchema = z
  .object({ node_id: z.string().min(1), version: z.string().min(1) })
  .openapi('NodeVersionIdentifier');

const route = createRoute({
  method: 'post',
  path: '/bulk/nodes/versions',
  operationId: 'getBulkNodeVersions',
  tags: ['Registry'],
  summary: 'Retrieve multiple node versions in a single request',
  description: `Up to ${MAX_BULK_ITEMS} (node_id, version) pairs; each answers success, not_found or error.`,
  request: {
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z
            .object({
              node_versions: z
                .array(IdentifierSchema)
                .max(MAX_BULK_ITEMS, `At most ${MAX_BULK_ITEMS} node versions per request.`),
            })
            .openapi('BulkNodeVersionsRequest'),
        },
      },
    },
  },
  responses: {
    200: {
      description: 'Successfully retrieved node versions',
      content: {
        'application/json': {
          schema: z
            .object({
              node_versions: z.array(
                z
                  .object({
                    identifier: IdentifierSchema,
                    status: z.enum(['success', 'not_found', 'error']),
                    node_version: NodeVersionSchema.optional(),
                    error_message: z.string().optional(),
                  })
                  .openapi('BulkNodeVersionResult'),
              ),
            })
            .openapi('BulkNodeVersionsResponse'),
        },
      },
    },
    ...errorResponses(400),
  },
});

export function registerGetBulkNodeVersions(app: App) {
  app.openapi(route, async (c) => {
    const { node_versions: identifiers } = c.req.valid('json');
    const { db, config } = c.get('services');
    const results = await lookupVersions(db, identifiers);
    const provenance = await loadProvenanceBriefs(
      db,
      results.flatMap((result) => (result.status === 'success' ? [result.found.version.id] : [])),
    );
    return c.json(
      {
        node_versions: results.map((result, index) => {
          const identifier = { node_id: identifiers[index]!.node_id, version: identifiers[index]!.version };
          if (result.status === 'success') {
            const { version, hasArchive, sha256 } = result.found;
            return {
              identifier,
              status: result.status,
              node_version: toApiNodeVersion(version, {
                config,
                hasArchive,
                sha256,
                includeStatusReason: false,
                provenance: provenance.get(version.id),
              }),
            };
          }
          if (result.status === 'error') return { identifier, status: result.status, error_message: result.message };
          return { identifier, status: result.status };
        }),
      },
      200,
    );
  });
}
