import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { publishers } from './publishers.ts';
import { users } from './users.ts';

/** What a ban appeal is about: the appellant's own account, or a publisher they own. */
export const BAN_APPEAL_SUBJECTS = ['user', 'publisher'] as const;
export type BanAppealSubject = (typeof BAN_APPEAL_SUBJECTS)[number];

/** How an admin closed an appeal: the ban was lifted, or it stands (with an answer). */
export const BAN_APPEAL_DECISIONS = ['lifted', 'upheld'] as const;
export type BanAppealDecision = (typeof BAN_APPEAL_DECISIONS)[number];

/**
 * A banned person's request that the administrators look at their ban again (their account's, or a publisher's
 * they own), with their message: the counterpart of a version's review request. Open until an admin decides:
 * lifting the ban (by any route) closes it as `lifted`, keeping it closes it as `upheld` with an answer the
 * appellant reads in their ban notice. One open appeal per ban at a time.
 */
export const banAppeals = pgTable(
  'ban_appeals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subjectType: text('subject_type').$type<BanAppealSubject>().notNull(),
    /** The banned publisher, for a publisher appeal; null for an account appeal. */
    publisherId: text('publisher_id').references(() => publishers.id, { onDelete: 'cascade' }),
    /** Who appealed: the banned account itself, or the publisher's owner. */
    requestedByUserId: text('requested_by_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    decision: text('decision').$type<BanAppealDecision>(),
    /** The admin's answer, shown to the appellant. */
    response: text('response'),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    decidedByUserId: text('decided_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('ban_appeals_open_created_idx').on(t.decidedAt, t.createdAt),
    index('ban_appeals_publisher_idx').on(t.publisherId, t.createdAt),
    index('ban_appeals_requester_idx').on(t.requestedByUserId, t.createdAt),
  ],
);
