import type { App } from '../app-env.ts';
import { registerGetUser } from './users/get-user.ts';
import { registerSignOutEverywhere } from './users/sign-out-everywhere.ts';
import { registerListPublishersForUser } from './users/list-publishers-for-user.ts';
import { registerAppealAccountBan } from './users/request-account-appeal.ts';
import { registerPublisherRoutes } from './publishers/register.ts';
import { registerPublishNodeVersion } from './publishers/publish-node-version.ts';
import { registerUploadObject } from './storage/upload-object.ts';
import { registerDownloadArchive } from './archives/download-archive.ts';
import { registerNodeRoutes } from './nodes/register.ts';
import { registerVersionReadRoutes } from './versions/register.ts';
import { registerComfyNodeReadRoutes } from './comfy-nodes/register.ts';
import { registerBulkRoutes } from './bulk/register.ts';
import { registerModerationRoutes } from './moderation/register.ts';
import { registerAdminRoutes } from './admin/register.ts';
import { registerCustomerRoutes } from './customers/register.ts';
import { registerProxyRoutes } from './proxy/register.ts';
import { registerGitHubOAuthRoutes } from './github-oauth/register.ts';
import { registerCiRoutes } from './ci/register.ts';
import { registerReleaseRoutes } from './releases/register.ts';
import { registerResolveWorkflow } from './workflows/resolve-workflow.ts';
import { registerAdminTokenRoutes } from './admin-tokens/register.ts';
import { registerGetFeatures } from './features/get-features.ts';
import { registerMaintenanceRoutes } from './maintenance/register.ts';
import { registerReportRoutes } from './reports/register.ts';
import { registerIndexRoutes } from './index/register.ts';
import { registerVersionChangesRoutes } from './version-changes/register.ts';
import { registerDecideQuarantine } from './quarantine/decide-quarantine.ts';
import { registerWebhookRoutes } from './webhooks/register.ts';
import { registerTrustedPublishingRoutes } from './trusted-publishing/register.ts';
import { registerAdvisoryRoutes } from './advisories/register.ts';

/** Every API route, registered once. One file per route under routes/<area>/. */
export function registerRoutes(app: App) {
  app.openAPIRegistry.registerComponent('securitySchemes', 'BearerAuth', {
    type: 'http',
    scheme: 'bearer',
    description: 'A Firebase ID token.',
  });
  registerGetUser(app);
  registerSignOutEverywhere(app);
  registerListPublishersForUser(app);
  registerAppealAccountBan(app);
  registerPublisherRoutes(app);
  registerPublishNodeVersion(app);
  registerUploadObject(app);
  registerDownloadArchive(app);
  registerNodeRoutes(app);
  registerVersionReadRoutes(app);
  registerComfyNodeReadRoutes(app);
  registerBulkRoutes(app);
  registerModerationRoutes(app);
  registerAdminRoutes(app);
  registerCustomerRoutes(app);
  registerProxyRoutes(app);
  registerGitHubOAuthRoutes(app);
  registerCiRoutes(app);
  registerReleaseRoutes(app);
  registerResolveWorkflow(app);
  registerAdminTokenRoutes(app);
  registerMaintenanceRoutes(app);
  registerGetFeatures(app);
  registerReportRoutes(app);
  registerIndexRoutes(app);
  registerVersionChangesRoutes(app);
  registerDecideQuarantine(app);
  registerWebhookRoutes(app);
  registerTrustedPublishingRoutes(app);
  registerAdvisoryRoutes(app);
}
