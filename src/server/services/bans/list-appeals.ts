import { asc, count, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { banAppeals, publishers, users } from '../../db/schema/index.ts';
import { pageOffset, type Paging } from '../../../lib/paging.ts';
import type { BanAppealRow } from './appeals.ts';

export interface AppealListItem {
  appeal: BanAppealRow;
  appellant: { id: string; email: string | null; name: string | null; status: string };
  /** The ban appealed, as it stands now (a lifted ban reads as not banned). */
  subject: {
    type: 'user' | 'publisher';
    id: string;
    name: string | null;
    banned: boolean;
    banReason: string | null;
    bannedAt: Date | null;
  };
  decidedByEmail: string | null;
}

const decider = alias(users, 'decider');

/**
 * The admins' appeal queue: open appeals oldest first (answer them in arrival order), or answered ones newest
 * first, each with the ban it is about and who appealed.
 */
export async function listBanAppeals(
  db: Db,
  query: Paging & { status: 'open' | 'closed' },
): Promise<{ items: AppealListItem[]; total: number }> {
  const where = query.status === 'open' ? isNull(banAppeals.decidedAt) : isNotNull(banAppeals.decidedAt);
  const [rows, totals] = await Promise.all([
    db
      .select({ appeal: banAppeals, appellant: users, publisher: publishers, decidedByEmail: decider.email })
      .from(banAppeals)
      .innerJoin(users, eq(users.id, banAppeals.requestedByUserId))
      .leftJoin(publishers, eq(publishers.id, banAppeals.publisherId))
      .leftJoin(decider, eq(decider.id, banAppeals.decidedByUserId))
      .where(where)
      .orderBy(query.status === 'open' ? asc(banAppeals.createdAt) : desc(banAppeals.decidedAt), asc(banAppeals.id))
      .limit(query.limit)
      .offset(pageOffset(query)),
    db.select({ total: count() }).from(banAppeals).where(where),
  ]);
  const items = rows.map(({ appeal, appellant, publisher, decidedByEmail }) => ({
    appeal,
    appellant: { id: appellant.id, email: appellant.email, name: appellant.name, status: appellant.status },
    subject:
      appeal.subjectType === 'publisher' && publisher
        ? {
            type: 'publisher' as const,
            id: publisher.id,
            name: publisher.name,
            banned: publisher.status === 'PublisherStatusBanned',
            banReason: publisher.banReason,
            bannedAt: publisher.bannedAt,
          }
        : {
            type: 'user' as const,
            id: appellant.id,
            name: appellant.email ?? appellant.name,
            banned: appellant.status === 'UserStatusBanned',
            banReason: appellant.banReason,
            bannedAt: appellant.bannedAt,
          },
    decidedByEmail,
  }));
  return { items, total: totals[0]?.total ?? 0 };
}

/** How many appeals wait for an answer (the admin overview's tile). */
export async function countOpenAppeals(db: Db): Promise<number> {
  const [row] = await db.select({ total: count() }).from(banAppeals).where(isNull(banAppeals.decidedAt));
  return row?.total ?? 0;
}
