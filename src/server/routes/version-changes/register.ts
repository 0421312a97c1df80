import type { App } from '../../app-env.ts';
import { registerGetPublicVersionChanges } from './get-public-version-changes.ts';
import { registerGetVersionChanges } from './get-version-changes.ts';

/** What changed between two versions (issue 29.3): the publisher's view and the public one. */
export function registerVersionChangesRoutes(app: App) {
  registerGetVersionChanges(app);
  registerGetPublicVersionChanges(app);
}
