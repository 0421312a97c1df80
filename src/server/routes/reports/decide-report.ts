import { createRoute } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { requireAdmin } from '../../auth/viewer.ts';
import { decideReport } from '../../services/reports/resolve-report.ts';
import { bearerSecurity, errorResponses } from '../schemas.ts';
import { DecideReportBody, ReportIdParams } from './schemas.ts';

const route = createRoute({
  method: 'post',
  path: '/admin/reports/{reportId}/resolve',
  operationId: 'adminDecidePackReport',
  tags: ['Admin'],
  summary: 'Close a pack report: resolved (acted on) or dismissed (admins)',
  description: 'Audited (`report.resolve` / `report.dismiss`). A report already closed answers 409 `report_closed`.',
  security: bearerSecurity,
  request: {
    params: ReportIdParams,
    body: { required: true, content: { 'application/json': { schema: DecideReportBody } } },
  },
  responses: { 204: { description: 'Report closed' }, ...errorResponses(400, 401, 403, 404, 409) },
});

export function registerDecideReport(app: App) {
  app.openapi(route, async (c) => {
    const admin = await requireAdmin(c);
    const { db, clock } = c.get('services');
    const { decision, note } = c.req.valid('json');
    await decideReport(db, { admin, reportId: c.req.valid('param').reportId, decision, note, now: clock.now() });
    return c.body(null, 204);
  });
}
