import type { App } from '../../app-env.ts';
import { registerAdminAdvisoryBanDraft } from './admin-advisory-ban-draft.ts';
import { registerAdminAdvisoryFromBan } from './admin-advisory-from-ban.ts';
import { registerAdminWriteAdvisory } from './admin-write-advisory.ts';
import { registerAdvisoriesZip } from './advisories-zip.ts';
import { registerGetAdvisory } from './get-advisory.ts';
import { registerListAdvisories } from './list-advisories.ts';
import { registerQueryAdvisories } from './query-advisories.ts';

/** Security advisories (docs/advisories.md): the public OSV feed and the admins' writes. */
export function registerAdvisoryRoutes(app: App) {
  registerListAdvisories(app);
  // Before /advisories/{advisoryId}, which would otherwise take "all.zip" as an id (and refuse it).
  registerAdvisoriesZip(app);
  registerGetAdvisory(app);
  registerQueryAdvisories(app);
  // Before /admin/advisories/{advisoryId} routes of other methods, for the same reason.
  registerAdminAdvisoryBanDraft(app);
  registerAdminAdvisoryFromBan(app);
  registerAdminWriteAdvisory(app);
}
