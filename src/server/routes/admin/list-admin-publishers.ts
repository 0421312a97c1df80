import { createRoute, z } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { requireAdmin } from '../../auth/viewer.ts';
import { listAdminPublishers } from '../../services/publishers/list-admin-publishers.ts';
import { countPages } from '../../../lib/paging.ts';
import { toApiPublisher } from '../../services/serialize/publisher.ts';
import { optionalText, pageParam, pageSizeParam } from '../nodes/query-params.ts';
import { bearerSecurity, errorResponses, PublisherSchema, repeatedQuery } from '../schemas.ts';
import { pagingFields } from './schemas.ts';

const AdminPublisherListSchema = z
  .object({
    publishers: z.array(PublisherSchema.extend({ node_count: z.number().int() })),
    ...pagingFields,
  })
  .openapi('AdminPublisherList');

const route = createRoute({
  method: 'get',
  path: '/admin/publishers',
  operationId: 'adminListPublishers',
  tags: ['Admin'],
  summary: 'All publishers, banned ones included (admins)',
  description:
    '`search` matches id or name; `status` is repeatable. Ordered by id. A banned publisher carries its `ban` ' +
    '(reason and date; its appeals are in GET /admin/ban-appeals, so `appeal` is null here).',
  security: bearerSecurity,
  request: {
    query: z.object({
      page: pageParam,
      limit: pageSizeParam(20),
      search: optionalText,
      status: repeatedQuery(z.enum(['PublisherStatusActive', 'PublisherStatusBanned'])),
    }),
  },
  responses: {
    200: { description: 'A page of publishers', content: { 'application/json': { schema: AdminPublisherListSchema } } },
    ...errorResponses(400, 401, 403),
  },
});

export function registerAdminListPublishers(app: App) {
  app.openapi(route, async (c) => {
    await requireAdmin(c);
    const query = c.req.valid('query');
    const result = await listAdminPublishers(c.get('services').db, {
      page: query.page,
      limit: query.limit,
      search: query.search,
      statuses: query.status,
    });
    return c.json(
      {
        publishers: result.rows.map(({ publisher, nodeCount }) => ({
          ...toApiPublisher(
            publisher,
            undefined,
            publisher.status === 'PublisherStatusBanned'
              ? { reason: publisher.banReason, bannedAt: publisher.bannedAt ?? publisher.updatedAt, appeal: null }
              : null,
          ),
          node_count: nodeCount,
        })),
        total: result.total,
        page: query.page,
        limit: query.limit,
        totalPages: countPages(result.total, query.limit),
      },
      200,
    );
  });
}
