import type { App } from '../../app-env.ts';
import { registerGetNodeVersion } from './get-node-version.ts';
import { registerListAllNodeVersions } from './list-all-node-versions.ts';
import { registerListNodeVersions } from './list-node-versions.ts';

export function registerVersionReadRoutes(app: App) {
  registerListNodeVersions(app);
  registerGetNodeVersion(app);
  registerListAllNodeVersions(app);
}
