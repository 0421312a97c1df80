import type { App } from '../../app-env.ts';
import { registerGetBulkNodeVersions } from './get-bulk-node-versions.ts';

export function registerBulkRoutes(app: App) {
  registerGetBulkNodeVersions(app);
}
