import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/rows.ts';
import { auditLog, nodeVersions } from '../../db/schema/index.ts';
import { badRequest, conflict, forbidden, notFound } from '../../errors.ts';
import { getPublisherOr404 } from '../publishers/access.ts';
import { REPORT_ACTIONS, reopenReport } from '../reports/resolve-report.ts';
import { ADMIN_ACTIONS, UNDOABLE_ACTIONS } from './actions.ts';
import { banPublisher, unbanPublisher } from '../publishers/ban-publisher.ts';
import { NODE_EDIT_POLICIES } from '../nodes/node-edit-policy.ts';
import { nodeState, type NodeChanges } from '../nodes/node-state.ts';
import { getAdminNode } from '../nodes/admin-node.ts';
import { updateNode } from '../nodes/update-node.ts';
import { getUserOr404, userAdminState, adminUpdateUser, type UserAdminState } from '../users/update-user.ts';
import { applyVersionUpdate } from '../versions/admin-update-version.ts';
import { versionAdminState, type VersionAdminChanges } from '../versions/version-state.ts';
import { applyYank, YANK_ACTIONS, yankState } from '../versions/yank.ts';
import { undoQuarantineDecision } from '../quarantine/decide-quarantine.ts';
import { QUARANTINE_ACTIONS } from '../quarantine/quarantine-state.ts';

type AuditRow = typeof auditLog.$inferSelect;
type Json = Record<string, unknown>;

const IDENTITY_KEYS = new Set(['node_id', 'version']);

/** The fields an entry changed (its `before` keys, minus identity keys). */
function changedKeys(entry: AuditRow): string[] {
  return Object.keys((entry.before ?? {}) as Json).filter((key) => !IDENTITY_KEYS.has(key));
}

/** Refuses the undo when the record moved on since the entry (someone changed it again). */
function assertUnchangedSince(entry: AuditRow, current: Json): void {
  const after = (entry.after ?? {}) as Json;
  const moved = changedKeys(entry).filter((key) => JSON.stringify(current[key]) !== JSON.stringify(after[key]));
  if (moved.length) {
    throw conflict(
      `Audit entry ${entry.id} cannot be undone: ${moved.join(', ')} changed again since. Edit the record instead.`,
      'undo_conflict',
    );
  }
}

function restoreValues(entry: AuditRow): Json {
  const before = (entry.before ?? {}) as Json;
  return Object.fromEntries(changedKeys(entry).map((key) => [key, before[key]]));
}

/** Undoes a yank (unyanks) or an unyank (yanks again, with the reason it had). */
async function undoYank(tx: Db, actor: UserRow, entry: AuditRow, now: Date): Promise<void> {
  const [version] = await tx.select().from(nodeVersions).where(eq(nodeVersions.id, entry.targetId));
  if (!version) throw notFound(`The version of audit entry ${entry.id} no longer exists.`);
  assertUnchangedSince(entry, yankState(version) as unknown as Json);
  const before = (entry.before ?? {}) as Json;
  const reason = before['yanked'] === true ? String(before['yanked_reason'] ?? '') : null;
  await applyYank(tx, { actor, version, reason, now, extras: { undo_of: entry.id } });
}

async function undoOne(tx: Db, actor: UserRow, entry: AuditRow, now: Date): Promise<void> {
  const extras = { undo_of: entry.id };
  if (entry.action === YANK_ACTIONS.yank || entry.action === YANK_ACTIONS.unyank)
    return undoYank(tx, actor, entry, now);
  if (entry.action === QUARANTINE_ACTIONS.release || entry.action === QUARANTINE_ACTIONS.ban) {
    return undoQuarantineDecision(tx, actor, entry, now);
  }
  switch (entry.targetType) {
    case 'node_version': {
      const [version] = await tx.select().from(nodeVersions).where(eq(nodeVersions.id, entry.targetId));
      if (!version) throw notFound(`The version of audit entry ${entry.id} no longer exists.`);
      assertUnchangedSince(entry, versionAdminState(version) as unknown as Json);
      const changes = restoreValues(entry) as VersionAdminChanges;
      await applyVersionUpdate(tx, { actor, version, changes, action: ADMIN_ACTIONS.undo, now, extras });
      return;
    }
    case 'node': {
      const node = await getAdminNode(tx, entry.targetId);
      assertUnchangedSince(entry, nodeState(node) as unknown as Json);
      const changes = restoreValues(entry) as NodeChanges;
      const policy = NODE_EDIT_POLICIES.admin;
      await updateNode(tx, { actor, node, changes, policy, now, action: ADMIN_ACTIONS.undo, extras });
      return;
    }
    case 'user': {
      const user = await getUserOr404(tx, entry.targetId);
      assertUnchangedSince(entry, userAdminState(user) as unknown as Json);
      await adminUpdateUser(tx, actor, user, restoreValues(entry) as Partial<UserAdminState>, now, extras);
      return;
    }
    case 'publisher': {
      const publisher = await getPublisherOr404(tx, entry.targetId);
      assertUnchangedSince(entry, { status: publisher.status, banReason: publisher.banReason });
      const before = (entry.before ?? {}) as Json;
      if (before['status'] === 'PublisherStatusBanned') {
        // Undoing an unban bans again for the reason the ban had.
        const reason = typeof before['banReason'] === 'string' ? before['banReason'] : undefined;
        await banPublisher(tx, actor, publisher, now, reason ? { ...extras, reason } : extras);
      } else {
        await unbanPublisher(tx, actor, publisher, now, extras);
      }
      return;
    }
    case 'report': {
      const decided = entry.action === REPORT_ACTIONS.resolve ? 'resolved' : 'dismissed';
      await reopenReport(tx, { admin: actor, reportId: entry.targetId, decided, extras });
      return;
    }
    default:
      throw badRequest(`Audit entry ${entry.id} cannot be undone.`, 'not_undoable');
  }
}

/** The entries to undo: by id, or every row of a batch review. Oldest first. */
async function loadEntries(db: Db, input: { entryIds?: number[]; batchId?: string }): Promise<AuditRow[]> {
  if (input.batchId) {
    return db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.after}->>'batch_id' = ${input.batchId}`)
      .orderBy(asc(auditLog.id));
  }
  const ids = [...new Set(input.entryIds ?? [])];
  const rows = ids.length ? await db.select().from(auditLog).where(inArray(auditLog.id, ids)) : [];
  const missing = ids.filter((id) => !rows.some((row) => row.id === id));
  if (missing.length) throw notFound(`Audit entries not found: ${missing.join(', ')}.`);
  return rows.sort((a, b) => a.id - b.id);
}

/**
 * Reverses admin actions by re-applying the `before` of their audit entries, newest first, in one
 * transaction. Only your own entries, only once each, and only while the record still looks as
 * the entry left it; each reversal writes its own audit row (`audit.undo`, after.undo_of = id). `now` is the
 * injected clock's time, which the reversed records take as their update time.
 */
export async function undoEntries(
  db: Db,
  actor: UserRow,
  input: { entryIds?: number[]; batchId?: string },
  now: Date,
): Promise<number[]> {
  const entries = await loadEntries(db, input);
  if (entries.length === 0) throw notFound('Nothing to undo: no audit entries match.');
  for (const entry of entries) {
    if (!UNDOABLE_ACTIONS.has(entry.action)) {
      throw badRequest(`Audit entry ${entry.id} (${entry.action}) cannot be undone.`, 'not_undoable');
    }
    if (entry.actorUserId !== actor.id) {
      throw forbidden(`Audit entry ${entry.id} was made by another admin; only its author can undo it.`, 'not_yours');
    }
  }
  const ids = entries.map((entry) => String(entry.id));
  return db.transaction(async (tx) => {
    const [undone] = await tx
      .select({ id: auditLog.id, after: auditLog.after })
      .from(auditLog)
      .where(
        sql`${auditLog.after}->>'undo_of' IN (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      )
      .limit(1);
    if (undone) {
      const of = (undone.after as Json | null)?.['undo_of'];
      throw conflict(`Audit entry ${String(of)} was already undone.`, 'already_undone');
    }
    for (const entry of [...entries].reverse()) await undoOne(tx, actor, entry, now);
    return entries.map((entry) => entry.id);
  });
}
