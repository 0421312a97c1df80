import type { App } from '../../app-env.ts';
import { registerGetVersionFindings } from './get-version-findings.ts';
import { registerGetVersionStatus } from './get-version-status.ts';
import { registerListNodeScanWarnings } from './list-node-scan-warnings.ts';
import { registerRequestVersionReview } from './request-version-review.ts';
import { registerRescanVersion } from './rescan-version.ts';
import { registerSecurityScan } from './security-scan.ts';

export function registerModerationRoutes(app: App) {
  registerSecurityScan(app);
  registerGetVersionFindings(app);
  registerGetVersionStatus(app);
  registerListNodeScanWarnings(app);
  registerRescanVersion(app);
  registerRequestVersionReview(app);
}
