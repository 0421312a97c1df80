import { createRoute, z } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { requireActiveUser } from '../../auth/viewer.ts';
import { getVisibleNode } from '../../services/nodes/find-node.ts';
import { createReport, REPORTS_PER_USER_PER_HOUR } from '../../services/reports/create-report.ts';
import { nodeIdParam } from '../nodes/node-id-param.ts';
import { bearerSecurity, errorResponses } from '../schemas.ts';
import { CreatedReportSchema, CreateReportBody } from './schemas.ts';

// Nodeyard extension (not in the upstream contract): users flag packs for the admins' triage queue.
const route = createRoute({
  method: 'post',
  path: '/nodes/{nodeId}/reports',
  operationId: 'createPackReport',
  tags: ['Registry'],
  summary: 'Report a pack or one of its versions to the admins',
  description:
    `Signed-in, not banned users only. At most ${REPORTS_PER_USER_PER_HOUR} reports per user per hour (429 ` +
    '`report_rate_limited`), on top of the global write limits. The reporter is visible to admins only.',
  security: bearerSecurity,
  request: {
    params: z.object({ nodeId: nodeIdParam }),
    body: { required: true, content: { 'application/json': { schema: CreateReportBody } } },
  },
  responses: {
    201: { description: 'Report filed', content: { 'application/json': { schema: CreatedReportSchema } } },
    ...errorResponses(400, 401, 403, 404, 429),
  },
});

export function registerCreateReport(app: App) {
  app.openapi(route, async (c) => {
    const reporter = await requireActiveUser(c);
    const { db, clock } = c.get('services');
    const node = await getVisibleNode(db, c.req.valid('param').nodeId);
    const { reason, details, version } = c.req.valid('json');
    const report = await createReport(db, { node, reporter, reason, details, version, now: clock.now() });
    return c.json(report, 201);
  });
}
