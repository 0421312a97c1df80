import type { App } from '../../app-env.ts';
import { registerGetIndexChanges } from './get-index-changes.ts';
import { registerGetIndexKeys } from './get-index-keys.ts';
import { registerGetIndexSnapshot } from './get-index-snapshot.ts';

/** The signed index (docs/index-protocol.md): snapshot, changes and keys. */
export function registerIndexRoutes(app: App) {
  registerGetIndexSnapshot(app);
  registerGetIndexChanges(app);
  registerGetIndexKeys(app);
}
