import type { App } from '../../app-env.ts';
import { registerCreateReport } from './create-report.ts';
import { registerDecideReport } from './decide-report.ts';
import { registerListAdminReports } from './list-admin-reports.ts';

/** Pack reports: users file them, admins triage them. */
export function registerReportRoutes(app: App) {
  registerCreateReport(app);
  registerListAdminReports(app);
  registerDecideReport(app);
}
