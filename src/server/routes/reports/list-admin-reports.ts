import { createRoute } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { requireAdmin } from '../../auth/viewer.ts';
import { listReports } from '../../services/reports/list-reports.ts';
import { bearerSecurity, errorResponses } from '../schemas.ts';
import { AdminReportListSchema, ReportListQuery } from './schemas.ts';

const route = createRoute({
  method: 'get',
  path: '/admin/reports',
  operationId: 'adminListPackReports',
  tags: ['Admin'],
  summary: 'The pack-report triage queue (admins)',
  description:
    'Open reports oldest first by default, those of a pack with a quarantined version first of all; ' +
    '`status=resolved|dismissed` lists closed ones, newest first.',
  security: bearerSecurity,
  request: { query: ReportListQuery },
  responses: {
    200: { description: 'Reports', content: { 'application/json': { schema: AdminReportListSchema } } },
    ...errorResponses(400, 401, 403),
  },
});

export function registerListAdminReports(app: App) {
  app.openapi(route, async (c) => {
    await requireAdmin(c);
    const { db } = c.get('services');
    const reports = await listReports(db, c.req.valid('query'));
    c.header('Cache-Control', 'private, no-store');
    return c.json(
      {
        reports: reports.map((r) => ({
          id: r.id,
          node_id: r.nodeId,
          node_name: r.nodeName,
          publisher_id: r.publisherId,
          version: r.version,
          reason: r.reason,
          details: r.details,
          status: r.status,
          resolution_note: r.resolutionNote,
          reporter: r.reporter,
          quarantined: r.quarantined && { version: r.quarantined.version, since: r.quarantined.since.toISOString() },
          resolved_by: r.resolvedBy,
          resolved_at: r.resolvedAt?.toISOString() ?? null,
          created_at: r.createdAt.toISOString(),
        })),
      },
      200,
    );
  });
}
