import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { NodeVersionRow, UserRow } from '../../db/rows.ts';
import { nodes, nodeVersions } from '../../db/schema/index.ts';
import { forbidden } from '../../errors.ts';
import { bumpedUpdatedAt } from '../nodes/node-state.ts';
import type { AuditExtras } from '../audit/actions.ts';
import { recordAudit, userActor } from '../audit/record.ts';
import { refreshLatestVersion } from './latest.ts';

// Yanking (PEP 592, crates.io, JSR): a version leaves "latest", lists, search, the index's latest
// and the workflow resolver's choice, but an exact pin (`/install?version=`) still installs it, with
// the reason attached. Unlike deleting, a workflow saved against it keeps working. Reversible.

export const YANK_ACTIONS = { yank: 'version.yank', unyank: 'version.unyank' } as const;

/** What a yank audit row records (before and after), and what undo compares against. */
export interface YankState {
  yanked: boolean;
  yanked_reason: string;
}

export const yankState = (row: NodeVersionRow): YankState => ({
  yanked: row.yankedAt !== null,
  yanked_reason: row.yankedReason,
});

export interface YankChange {
  actor: UserRow;
  version: NodeVersionRow;
  /** The reason to yank with, or null to unyank. */
  reason: string | null;
  now: Date;
  extras?: AuditExtras;
}

/**
 * Yanks (reason given) or unyanks (null) INSIDE the caller's transaction, with its audit row, a fresh
 * latest version and a bumped node updated_at (lists, search and the response cache follow it). Yanking
 * a yanked version again only changes the reason; a change that changes nothing writes nothing.
 */
export async function applyYank(tx: Db, change: YankChange): Promise<NodeVersionRow> {
  const { actor, version, reason, now } = change;
  if (version.status === 'NodeVersionStatusBanned' && !actor.isAdmin) {
    throw forbidden(`Version ${version.version} is banned and cannot be changed.`, 'version_banned');
  }
  const before = yankState(version);
  const wanted: YankState =
    reason === null ? { yanked: false, yanked_reason: '' } : { yanked: true, yanked_reason: reason };
  if (before.yanked === wanted.yanked && before.yanked_reason === wanted.yanked_reason) return version;
  const [updated] = await tx
    .update(nodeVersions)
    .set({
      // A new reason on a yanked version keeps the time it was first yanked.
      yankedAt: wanted.yanked ? (version.yankedAt ?? now) : null,
      yankedReason: wanted.yanked_reason,
      updatedAt: now,
    })
    .where(eq(nodeVersions.id, version.id))
    .returning();
  if (!updated) throw new Error(`version ${version.id} vanished during a yank`);
  await refreshLatestVersion(tx, version.nodeId);
  await tx.update(nodes).set({ updatedAt: bumpedUpdatedAt }).where(eq(nodes.id, version.nodeId));
  await recordAudit(tx, {
    actor: userActor(actor),
    action: wanted.yanked ? YANK_ACTIONS.yank : YANK_ACTIONS.unyank,
    targetType: 'node_version',
    targetId: version.id,
    before: { node_id: version.nodeId, version: version.version, ...before },
    after: { node_id: version.nodeId, version: version.version, ...wanted, ...change.extras },
  });
  return updated;
}

export function setYank(db: Db, change: YankChange): Promise<NodeVersionRow> {
  return db.transaction((tx) => applyYank(tx, change));
}
