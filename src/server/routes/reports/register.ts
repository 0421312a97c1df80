import type { App } from '../../app-env.ts';
import { registerListNodeCollisions } from '../collisions/list-node-collisions.ts';
import { registerCreateReport } from './create-report.ts';
import { registerDecideReport } from './decide-report.ts';
import { registerListAdminReports } from './list-admin-reports.ts';

/** Pack reports (users file them, admins triage them) and the publisher's class-collision view. */
export function registerReportRoutes(app: App) {
  registerCreateReport(app);
  registerListAdminReports(app);
  registerDecideReport(app);
  registerListNodeCollisions(app);
}
