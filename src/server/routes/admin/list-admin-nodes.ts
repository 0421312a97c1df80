import { createRoute, z } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { requireAdmin } from '../../auth/viewer.ts';
import { listAdminNodes } from '../../services/nodes/list-admin-nodes.ts';
import { parseNodeSort } from '../../services/nodes/node-sort.ts';
import { nodeListResponse } from '../nodes/node-list-response.ts';
import { optionalText, pageParam, pageSizeParam } from '../nodes/query-params.ts';
import { bearerSecurity, errorResponses, NodeListSchema, repeatedQuery } from '../schemas.ts';

const route = createRoute({
  method: 'get',
  path: '/admin/nodes',
  operationId: 'adminListNodes',
  tags: ['Admin'],
  summary: 'All nodes with admin filters (admins)',
  description:
    'Active and banned nodes by default (`status` repeatable, NodeStatusDeleted included on request), text ' +
    '`search` over id, name, description, author and publisher name, `publisher` id, `tag` (public or admin ' +
    'tag), `sort` as in GET /nodes. Paginated like GET /nodes.',
  security: bearerSecurity,
  request: {
    query: z.object({
      page: pageParam,
      limit: pageSizeParam(20),
      search: optionalText,
      status: repeatedQuery(z.enum(['NodeStatusActive', 'NodeStatusBanned', 'NodeStatusDeleted'])),
      publisher: optionalText,
      tag: optionalText,
      sort: repeatedQuery(z.string()),
    }),
  },
  responses: {
    200: { description: 'A page of nodes', content: { 'application/json': { schema: NodeListSchema } } },
    ...errorResponses(400, 401, 403),
  },
});

export function registerAdminListNodes(app: App) {
  app.openapi(route, async (c) => {
    await requireAdmin(c);
    const query = c.req.valid('query');
    const { db, config } = c.get('services');
    const paging = { page: query.page, limit: query.limit };
    const result = await listAdminNodes(db, {
      ...paging,
      search: query.search,
      statuses: query.status,
      publisherId: query.publisher,
      tag: query.tag,
      sort: parseNodeSort(query.sort),
    });
    return c.json(await nodeListResponse(db, config, result, paging), 200);
  });
}
