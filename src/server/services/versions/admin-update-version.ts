import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { NodeVersionRow, UserRow } from '../../db/rows.ts';
import { archives, nodes, nodeVersions } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../errors.ts';
import { recordAudit, userActor } from '../audit/record.ts';
import { refreshLatestVersion } from './latest.ts';
import { emitVersionStatusChanged } from '../webhooks/version-events.ts';
import type { AuditExtras } from '../audit/actions.ts';
import { diffKeys, pick } from '../audit/changed-keys.ts';
import { bumpedUpdatedAt } from '../nodes/node-state.ts';
import { toVersionAdminColumns, versionAdminState, type VersionAdminChanges } from './version-state.ts';

export interface AdminVersionUpdate {
  actor: UserRow;
  version: NodeVersionRow;
  changes: VersionAdminChanges;
  action: string;
  /** The app's clock reading (services.clock), stamped as the version's updated_at. */
  now: Date;
  extras?: AuditExtras;
}

async function hasUploadedArchive(db: Db, version: NodeVersionRow): Promise<boolean> {
  if (!version.archiveId) return false;
  const [row] = await db
    .select({ uploadedAt: archives.uploadedAt })
    .from(archives)
    .where(eq(archives.id, version.archiveId));
  return row?.uploadedAt != null;
}

/**
 * Applies an admin's review or compatibility edit to a version INSIDE the caller's transaction
 * (batch reviews share one), with its audit row. A status change recomputes the node's latest
 * version and bumps the node's updated_at so search and incremental sync see it.
 */
export async function applyVersionUpdate(tx: Db, update: AdminVersionUpdate): Promise<NodeVersionRow> {
  const { actor, version } = update;
  const before = versionAdminState(version);
  const changed = diffKeys(before, update.changes);
  if (changed.length === 0) return version;
  if (
    update.changes.status === 'NodeVersionStatusActive' &&
    changed.includes('status') &&
    !(await hasUploadedArchive(tx, version))
  ) {
    throw conflict(
      `Version ${version.version} of "${version.nodeId}" has no uploaded archive, so it cannot be made installable.`,
      'archive_missing',
    );
  }
  const [updated] = await tx
    .update(nodeVersions)
    .set({ ...toVersionAdminColumns(pick(update.changes as typeof before, changed)), updatedAt: update.now })
    .where(eq(nodeVersions.id, version.id))
    .returning();
  if (!updated) throw notFound(`Version ${version.version} of "${version.nodeId}" not found.`);
  if (changed.includes('status')) {
    await refreshLatestVersion(tx, version.nodeId);
    await tx.update(nodes).set({ updatedAt: bumpedUpdatedAt }).where(eq(nodes.id, version.nodeId));
    await emitVersionStatusChanged(tx, version.status, updated);
  }
  await recordAudit(tx, {
    actor: userActor(actor),
    action: update.action,
    targetType: 'node_version',
    targetId: version.id,
    before: { node_id: version.nodeId, version: version.version, ...pick(before, changed) },
    after: {
      node_id: version.nodeId,
      version: version.version,
      ...pick(versionAdminState(updated), changed),
      ...update.extras,
    },
  });
  return updated;
}

export function adminUpdateVersion(db: Db, update: AdminVersionUpdate): Promise<NodeVersionRow> {
  return db.transaction((tx) => applyVersionUpdate(tx, update));
}
