import type { App } from '../../app-env.ts';
import { registerAdminCreateNode } from './admin-create-node.ts';
import { registerAdminUpdateNodeVersion } from './admin-update-node-version.ts';
import { registerAdminUpdateNode } from './admin-update-node.ts';
import { registerAdminUpdateUser } from './admin-update-user.ts';
import { registerBanPublisherNode } from './ban-publisher-node.ts';
import { registerBanPublisher } from './ban-publisher.ts';
import { registerAdminBatchReviewVersions } from './batch-review-versions.ts';
import { registerAdminGetOverview } from './get-overview.ts';
import { registerAdminGetReviewQueue } from './get-review-queue.ts';
import { registerAdminListNodes } from './list-admin-nodes.ts';
import { registerAdminListPublishers } from './list-admin-publishers.ts';
import { registerAdminListUsers } from './list-admin-users.ts';
import { registerAdminListAuditLog } from './list-audit-log.ts';
import { registerAdminUndo } from './undo-audit-entries.ts';
import { registerAdminListBanAppeals } from './list-ban-appeals.ts';
import { registerAdminUpholdBanAppeal } from './uphold-ban-appeal.ts';

/** The admin area: moderation, bans, node curation, users, audit log. Every route requires an admin. */
export function registerAdminRoutes(app: App) {
  registerAdminGetOverview(app);
  registerAdminListNodes(app);
  registerAdminCreateNode(app);
  registerAdminUpdateNode(app);
  registerAdminUpdateNodeVersion(app);
  registerAdminGetReviewQueue(app);
  registerAdminBatchReviewVersions(app);
  registerAdminUndo(app);
  registerAdminListPublishers(app);
  registerBanPublisher(app);
  registerBanPublisherNode(app);
  registerAdminListUsers(app);
  registerAdminUpdateUser(app);
  registerAdminListAuditLog(app);
  registerAdminListBanAppeals(app);
  registerAdminUpholdBanAppeal(app);
}
