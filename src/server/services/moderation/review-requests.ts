import { desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { NodeVersionRow, UserRow } from '../../db/rows.ts';
import { nodeVersions, versionReviewRequests } from '../../db/schema/index.ts';
import { conflict } from '../../errors.ts';
import { recordAudit, userActor } from '../audit/record.ts';

export type ReviewRequestRow = typeof versionReviewRequests.$inferSelect;

/** Statuses a publisher may ask a moderator to look at again. */
const REVIEWABLE = new Set(['NodeVersionStatusFlagged', 'NodeVersionStatusBanned']);

/**
 * A request is open while the version is unchanged since it was made: an admin's decision (or a
 * rescan) updates the version's `updated_at`, which answers it.
 */
export function isOpen(request: Pick<ReviewRequestRow, 'createdAt'>, version: Pick<NodeVersionRow, 'updatedAt'>) {
  return request.createdAt.getTime() >= version.updatedAt.getTime();
}

export async function latestReviewRequest(db: Db, versionId: string): Promise<ReviewRequestRow | null> {
  const [row] = await db
    .select()
    .from(versionReviewRequests)
    .where(eq(versionReviewRequests.nodeVersionId, versionId))
    .orderBy(desc(versionReviewRequests.createdAt))
    .limit(1);
  return row ?? null;
}

/** The latest request of each version that is still open (for the admins' review queue). */
export async function openReviewRequests(db: Db, versions: NodeVersionRow[]): Promise<Map<string, ReviewRequestRow>> {
  const out = new Map<string, ReviewRequestRow>();
  if (versions.length === 0) return out;
  const rows = await db
    .select()
    .from(versionReviewRequests)
    .where(
      inArray(
        versionReviewRequests.nodeVersionId,
        versions.map((v) => v.id),
      ),
    )
    .orderBy(desc(versionReviewRequests.createdAt));
  const byId = new Map(versions.map((v) => [v.id, v]));
  for (const row of rows) {
    if (out.has(row.nodeVersionId)) continue;
    const version = byId.get(row.nodeVersionId);
    if (version && isOpen(row, version)) out.set(row.nodeVersionId, row);
  }
  return out;
}

/**
 * A member asks the moderators to review a Flagged or Banned version again, with a message: one
 * open request at a time. Audited; the admins' review queue shows it on the version.
 */
export async function requestReview(
  db: Db,
  viewer: UserRow,
  version: NodeVersionRow,
  message: string,
  now: Date,
): Promise<ReviewRequestRow> {
  return db.transaction(async (tx) => {
    // Lock the version so two requests at once cannot both pass the "one open request" check.
    const [current] = await tx.select().from(nodeVersions).where(eq(nodeVersions.id, version.id)).for('update');
    if (!current || !REVIEWABLE.has(current.status)) {
      throw conflict(
        `Only a Flagged or Banned version can be sent for review; this one is ${current?.status ?? 'gone'}.`,
        'review_not_applicable',
      );
    }
    const latest = await latestReviewRequest(tx, current.id);
    if (latest && isOpen(latest, current)) {
      throw conflict('A review of this version was already requested and is waiting.', 'review_already_requested');
    }
    const [created] = await tx
      .insert(versionReviewRequests)
      // Stamped by the app's clock, like the version's updated_at it is compared with, and
      // never before it (a clock step back would otherwise make the request look answered).
      .values({
        nodeVersionId: current.id,
        requestedByUserId: viewer.id,
        message,
        createdAt: new Date(Math.max(now.getTime(), current.updatedAt.getTime())),
      })
      .returning();
    await recordAudit(tx, {
      actor: userActor(viewer),
      action: 'node_version.review_request',
      targetType: 'node_version',
      targetId: current.id,
      before: { status: current.status, statusReason: current.statusReason },
      after: { reviewRequestId: created!.id, message },
    });
    return created!;
  });
}
