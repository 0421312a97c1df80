import type { Db } from '../../db/client.ts';
import { emitWebhookEvent } from '../webhooks/emit-event.ts';
import type { QuarantineRule } from './quarantine-rules.ts';

export interface QuarantineNotice {
  publisherId: string;
  nodeId: string;
  version: string;
  versionId: string;
  rule: QuarantineRule;
  quarantinedAt: Date;
}

/**
 * Tells the pack's owners that a version was quarantined: a `version.quarantined` webhook event of the
 * publisher, inside the quarantine's transaction (a rolled-back quarantine notifies nobody). Who reported
 * is never in it. Owners also see the banner on their node page.
 */
export async function notifyOwnersOfQuarantine(tx: Db, notice: QuarantineNotice): Promise<void> {
  await emitWebhookEvent(tx, {
    publisherId: notice.publisherId,
    type: 'version.quarantined',
    data: {
      node_id: notice.nodeId,
      version: notice.version,
      version_id: notice.versionId,
      rule: notice.rule,
      quarantined_at: notice.quarantinedAt.toISOString(),
    },
  });
}
