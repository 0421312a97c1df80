import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { NodeVersionRow, UserRow } from '../../db/rows.ts';
import { nodes, nodeVersions, type NodeVersionStatus } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { ADMIN_ACTIONS } from '../audit/actions.ts';
import { applyVersionUpdate } from '../versions/admin-update-version.ts';

export type ReviewDecision = 'approve' | 'flag' | 'ban';

export const DECISION_STATUS: Record<ReviewDecision, NodeVersionStatus> = {
  approve: 'NodeVersionStatusActive',
  flag: 'NodeVersionStatusFlagged',
  ban: 'NodeVersionStatusBanned',
};

export interface BatchReviewInput {
  decision: ReviewDecision;
  reason: string;
  versionIds: string[];
  /** The app's clock reading (services.clock). */
  now: Date;
}

/**
 * Reviews several versions at once, all or nothing: one transaction, one audit row per version,
 * all sharing a batch id (which `undo` accepts to reverse the whole batch).
 */
export async function batchReview(
  db: Db,
  actor: UserRow,
  input: BatchReviewInput,
): Promise<{ batchId: string; versions: NodeVersionRow[] }> {
  const ids = [...new Set(input.versionIds.map((id) => id.toLowerCase()))];
  const batchId = randomUUID();
  const versions = await db.transaction(async (tx) => {
    const rows = await tx.select().from(nodeVersions).where(inArray(nodeVersions.id, ids));
    const nodeRows = rows.length
      ? await tx
          .select({ id: nodes.id, status: nodes.status })
          .from(nodes)
          .where(inArray(nodes.id, [...new Set(rows.map((r) => r.nodeId))]))
      : [];
    const deletedNodes = new Set(nodeRows.filter((n) => n.status === 'NodeStatusDeleted').map((n) => n.id));
    const byId = new Map(rows.filter((r) => !deletedNodes.has(r.nodeId)).map((r) => [r.id, r]));
    const missing = ids.filter((id) => !byId.has(id));
    if (missing.length) throw notFound(`Versions not found: ${missing.join(', ')}.`);
    const updated: NodeVersionRow[] = [];
    for (const id of ids) {
      updated.push(
        await applyVersionUpdate(tx, {
          actor,
          version: byId.get(id)!,
          changes: { status: DECISION_STATUS[input.decision], status_reason: input.reason },
          action: ADMIN_ACTIONS.versionReview,
          now: input.now,
          extras: { batch_id: batchId },
        }),
      );
    }
    return updated;
  });
  return { batchId, versions };
}
