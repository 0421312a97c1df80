import { createRoute, z } from '@hono/zod-openapi';
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
  description:
    'Audited (`report.resolve` / `report.dismiss`); answers that audit entry’s id, which POST /admin/undo takes to ' +
    'open the report again. A report already closed answers 409 `report_closed`.',
  security: bearerSecurity,
  request: {
    params: ReportIdParams,
    body: { required: true, content: { 'application/json': { schema: DecideReportBody } } },
  },
  responses: {
    200: {
      description: 'Report closed',
      content: {
        'application/json': {
          schema: z
            .object({
              status: z.enum(['resolved', 'dismissed']),
              audit_entry_id: z.number().int().openapi({ description: 'Undo it with POST /admin/undo.' }),
            })
            .openapi('PackReportDecision'),
        },
      },
    },
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

export function registerDecideReport(app: App) {
  app.openapi(route, async (c) => {
    const admin = await requireAdmin(c);
    const { db, clock } = c.get('services');
    const { decision, note } = c.req.valid('json');
    const reportId = c.req.valid('param').reportId;
    const entry = await decideReport(db, { admin, reportId, decision, note, now: clock.now() });
    return c.json({ status: decision, audit_entry_id: entry }, 200);
  });
}
