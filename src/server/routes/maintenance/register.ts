import type { App } from '../../app-env.ts';
import { registerReindexNodes } from './reindex-nodes.ts';
import { registerUpdateGithubStars } from './update-github-stars.ts';

/** Registry upkeep that schedulers (service tokens) or admins trigger. */
export function registerMaintenanceRoutes(app: App) {
  registerReindexNodes(app);
  registerUpdateGithubStars(app);
}
