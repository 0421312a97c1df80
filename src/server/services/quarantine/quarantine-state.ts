import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { NodeVersionRow } from '../../db/rows.ts';
import { nodes, nodeVersions, type NodeVersionStatus } from '../../db/schema/index.ts';
import { bumpedUpdatedAt } from '../nodes/node-state.ts';
import { recordAudit, type AuditActor } from '../audit/record.ts';
import { refreshLatestVersion } from '../versions/latest.ts';

// A version's quarantine as one small state, so the automatic quarantine, an admin's release or ban and
// the undo of either all write through one function (with its audit row) and undo can compare states.

export const QUARANTINE_ACTIONS = {
  quarantine: 'version.quarantine',
  release: 'version.quarantine_release',
  ban: 'version.quarantine_ban',
} as const;

export interface QuarantineState {
  quarantined: boolean;
  /** An admin released it: reports never quarantine it again. */
  released: boolean;
  status: NodeVersionStatus;
  status_reason: string;
}

export const quarantineState = (row: NodeVersionRow): QuarantineState => ({
  quarantined: row.quarantinedAt !== null,
  released: row.quarantineReleasedAt !== null,
  status: row.status,
  status_reason: row.statusReason,
});

export interface QuarantineChange {
  actor: AuditActor;
  version: NodeVersionRow;
  wanted: QuarantineState;
  action: string;
  now: Date;
  /** Added to the audit row's `after` (the rule and reports behind a quarantine, `undo_of`, a reason). */
  extras?: Record<string, unknown>;
}

/**
 * Writes a quarantine state INSIDE the caller's transaction: the version row, a fresh latest version (a
 * quarantined version leaves "latest" like a yanked one), a bumped node updated_at (lists, search, the
 * index and the response cache follow the change feed) and the audit row, whose id it answers.
 */
export async function applyQuarantineState(tx: Db, change: QuarantineChange): Promise<number> {
  const { version, wanted, now } = change;
  const before = quarantineState(version);
  const [updated] = await tx
    .update(nodeVersions)
    .set({
      // Keeping the first time when it stays quarantined (an undo of a release puts back a fresh one).
      quarantinedAt: wanted.quarantined ? (version.quarantinedAt ?? now) : null,
      quarantineReleasedAt: wanted.released ? (version.quarantineReleasedAt ?? now) : null,
      status: wanted.status,
      statusReason: wanted.status_reason,
      updatedAt: now,
    })
    .where(eq(nodeVersions.id, version.id))
    .returning();
  if (!updated) throw new Error(`version ${version.id} vanished during a quarantine change`);
  await refreshLatestVersion(tx, version.nodeId);
  await tx.update(nodes).set({ updatedAt: bumpedUpdatedAt }).where(eq(nodes.id, version.nodeId));
  return recordAudit(tx, {
    actor: change.actor,
    action: change.action,
    targetType: 'node_version',
    targetId: version.id,
    before: { node_id: version.nodeId, version: version.version, ...before },
    after: { node_id: version.nodeId, version: version.version, ...quarantineState(updated), ...change.extras },
  });
}
