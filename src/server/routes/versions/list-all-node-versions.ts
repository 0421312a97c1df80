import { createRoute, z } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { getViewer } from '../../auth/viewer.ts';
import { forbidden } from '../../errors.ts';
import { countPages } from '../../../lib/paging.ts';
import { toApiNodeVersion } from '../../services/serialize/node-version.ts';
import { loadProvenanceBriefs } from '../../services/trusted-publishing/provenance-summaries.ts';
import { listAllVersions } from '../../services/versions/list-all-versions.ts';
import { flagParam, optionalText, pageParam, pageSizeParam } from '../nodes/query-params.ts';
import {
  bearerSecurity,
  errorResponses,
  NodeVersionSchema,
  NodeVersionStatusSchema,
  repeatedQuery,
} from '../schemas.ts';

const VersionPageSchema = z
  .object({
    total: z.number().int(),
    versions: z.array(NodeVersionSchema),
    page: z.number().int(),
    pageSize: z.number().int(),
    totalPages: z.number().int(),
  })
  .openapi('NodeVersionPage');

const route = createRoute({
  method: 'get',
  path: '/versions',
  operationId: 'listAllNodeVersions',
  tags: ['Registry'],
  summary: 'List all node versions given some filters.',
  description:
    'Administrators only: it exposes versions in every status (pending, flagged, banned, deleted) and ' +
    'their status reasons, which the public may not see. Newest first. Unlike upstream, `nodeId` is honoured.',
  security: bearerSecurity,
  request: {
    query: z.object({
      nodeId: optionalText,
      statuses: repeatedQuery(NodeVersionStatusSchema),
      include_status_reason: flagParam,
      page: pageParam,
      pageSize: pageSizeParam(),
      status_reason: optionalText.openapi({ description: 'Case-insensitive substring of status_reason.' }),
      created_from: z.iso
        .datetime({ offset: true })
        .optional()
        .openapi({ description: 'Only versions created at or after this instant (ISO 8601).' }),
      created_before: z.iso
        .datetime({ offset: true })
        .optional()
        .openapi({ description: 'Only versions created before this instant (ISO 8601).' }),
    }),
  },
  responses: {
    200: { description: 'List of all node versions', content: { 'application/json': { schema: VersionPageSchema } } },
    ...errorResponses(400, 403),
  },
});

export function registerListAllNodeVersions(app: App) {
  app.openapi(route, async (c) => {
    const query = c.req.valid('query');
    // The contract answers 403 (no 401) for everyone who may not see non-public statuses,
    // anonymous callers included; banned admins are refused too.
    const viewer = await getViewer(c);
    if (!viewer?.isAdmin || viewer.status === 'UserStatusBanned') {
      throw forbidden('Listing all node versions needs an administrator.', 'admin_required');
    }
    const { db, config } = c.get('services');
    const paging = { page: query.page, limit: query.pageSize };
    const result = await listAllVersions(db, {
      ...paging,
      nodeId: query.nodeId,
      statuses: query.statuses,
      statusReason: query.status_reason,
      createdFrom: query.created_from ? new Date(query.created_from) : undefined,
      createdBefore: query.created_before ? new Date(query.created_before) : undefined,
    });
    const includeStatusReason = query.include_status_reason ?? false;
    const provenance = await loadProvenanceBriefs(
      db,
      result.versions.map(({ version }) => version.id),
    );
    return c.json(
      {
        total: result.total,
        versions: result.versions.map(({ version, hasArchive, sha256 }) =>
          toApiNodeVersion(version, {
            config,
            hasArchive,
            sha256,
            includeStatusReason,
            provenance: provenance.get(version.id),
          }),
        ),
        page: query.page,
        pageSize: query.pageSize,
        totalPages: countPages(result.total, query.pageSize),
      },
      200,
    );
  });
}
