import type { App } from '../../app-env.ts';
import { registerGetBranch } from './get-branch.ts';
import { registerGetGitcommitSummary } from './get-gitcommit-summary.ts';
import { registerGetGitcommit } from './get-gitcommit.ts';
import { registerGetWorkflowResult } from './get-workflow-result.ts';
import { registerUploadArtifact } from './upload-artifact.ts';

/** Comfy CI: results uploaded by the GitHub Action, read by the CI dashboard. */
export function registerCiRoutes(app: App) {
  app.openAPIRegistry.registerComponent('securitySchemes', 'ServiceToken', {
    type: 'http',
    scheme: 'bearer',
    description: 'A service token (nyd_svc_…), created with `npm run admin -- service-token create <name>`.',
  });
  registerUploadArtifact(app);
  registerGetGitcommit(app);
  registerGetGitcommitSummary(app);
  registerGetBranch(app);
  registerGetWorkflowResult(app);
}
