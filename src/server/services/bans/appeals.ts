import { and, desc, eq, gte, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { PublisherRow, UserRow } from '../../db/rows.ts';
import { banAppeals, publishers, users, type BanAppealSubject } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../errors.ts';
import { recordAudit, userActor } from '../audit/record.ts';

export type BanAppealRow = typeof banAppeals.$inferSelect;

/** An appeal is about an account (the appellant's own) or a publisher. */
export type AppealSubject = { type: 'user'; user: UserRow } | { type: 'publisher'; publisher: PublisherRow };

export const APPEAL_ACTIONS = {
  request: 'ban_appeal.request',
  uphold: 'ban_appeal.uphold',
} as const;

/** Which rows of ban_appeals are about a subject: a publisher's, or an account's own (no publisher). */
function subjectWhere(subject: { type: BanAppealSubject; id: string }) {
  return subject.type === 'publisher'
    ? and(eq(banAppeals.subjectType, 'publisher'), eq(banAppeals.publisherId, subject.id))
    : and(eq(banAppeals.subjectType, 'user'), eq(banAppeals.requestedByUserId, subject.id));
}

/** The latest appeal made against the current ban (since `bannedAt`), answered or not. */
export async function latestAppealSince(
  db: Db,
  subject: { type: BanAppealSubject; id: string },
  bannedAt: Date | null,
): Promise<BanAppealRow | null> {
  const [row] = await db
    .select()
    .from(banAppeals)
    .where(and(subjectWhere(subject), bannedAt ? gte(banAppeals.createdAt, bannedAt) : undefined))
    .orderBy(desc(banAppeals.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * A banned person asks the administrators to lift a ban, with a message: one open appeal at a time. The subject is
 * re-read under a row lock, so an appeal never lands on a ban lifted a moment ago, and two at once cannot both pass
 * the "one open appeal" check. Audited.
 */
export async function requestBanAppeal(
  db: Db,
  input: { appellant: UserRow; subject: AppealSubject; message: string; now: Date },
): Promise<BanAppealRow> {
  const { appellant, subject, message, now } = input;
  return db.transaction(async (tx) => {
    const current =
      subject.type === 'publisher'
        ? (await tx.select().from(publishers).where(eq(publishers.id, subject.publisher.id)).for('update'))[0]
        : (await tx.select().from(users).where(eq(users.id, subject.user.id)).for('update'))[0];
    const banned = current?.status === 'PublisherStatusBanned' || current?.status === 'UserStatusBanned';
    if (!current || !banned) {
      throw conflict(
        subject.type === 'publisher' ? 'This publisher is not banned.' : 'Your account is not banned.',
        'appeal_not_applicable',
      );
    }
    const key = { type: subject.type, id: current.id };
    const [open] = await tx
      .select({ id: banAppeals.id })
      .from(banAppeals)
      .where(and(subjectWhere(key), isNull(banAppeals.decidedAt)))
      .limit(1);
    if (open) throw conflict('An appeal of this ban is already waiting for the administrators.', 'appeal_already_open');
    const [created] = await tx
      .insert(banAppeals)
      .values({
        subjectType: subject.type,
        publisherId: subject.type === 'publisher' ? current.id : null,
        requestedByUserId: appellant.id,
        message,
        // Never before the ban it appeals (a clock step back would hide it from that ban's notice).
        createdAt: new Date(Math.max(now.getTime(), current.bannedAt?.getTime() ?? 0)),
      })
      .returning();
    await recordAudit(tx, {
      actor: userActor(appellant),
      action: APPEAL_ACTIONS.request,
      targetType: subject.type,
      targetId: current.id,
      before: null,
      after: { appeal_id: created!.id, message },
    });
    return created!;
  });
}

/**
 * Closes the open appeals of a ban that was just lifted (in the unban's transaction): the appellant then reads that
 * the ban is over, with the admin's reason if one was given.
 */
export async function closeAppealsOnUnban(
  tx: Db,
  subject: { type: BanAppealSubject; id: string },
  admin: UserRow,
  response: string | undefined,
  now: Date,
): Promise<void> {
  await tx
    .update(banAppeals)
    .set({ decision: 'lifted', response: response ?? null, decidedAt: now, decidedByUserId: admin.id })
    .where(and(subjectWhere(subject), isNull(banAppeals.decidedAt)));
}

/** An admin keeps the ban and answers the appeal; the appellant reads the answer in their ban notice. Audited. */
export async function upholdBanAppeal(
  db: Db,
  input: { admin: UserRow; appealId: string; response: string; now: Date },
): Promise<BanAppealRow> {
  return db.transaction(async (tx) => {
    const [appeal] = await tx.select().from(banAppeals).where(eq(banAppeals.id, input.appealId)).for('update');
    if (!appeal) throw notFound(`Appeal "${input.appealId}" not found.`);
    if (appeal.decidedAt) throw conflict('This appeal was already answered.', 'appeal_closed');
    const [updated] = await tx
      .update(banAppeals)
      .set({ decision: 'upheld', response: input.response, decidedAt: input.now, decidedByUserId: input.admin.id })
      .where(eq(banAppeals.id, appeal.id))
      .returning();
    await recordAudit(tx, {
      actor: userActor(input.admin),
      action: APPEAL_ACTIONS.uphold,
      targetType: appeal.subjectType,
      targetId: appeal.subjectType === 'publisher' ? appeal.publisherId! : appeal.requestedByUserId,
      before: { decision: null },
      after: { appeal_id: appeal.id, decision: 'upheld', response: input.response },
    });
    return updated!;
  });
}
