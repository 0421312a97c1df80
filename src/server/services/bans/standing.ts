import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { PublisherRow, UserRow } from '../../db/rows.ts';
import { publisherPermissions, publishers, type PublisherRole } from '../../db/schema/index.ts';
import { latestAppealSince, type BanAppealRow } from './appeals.ts';

/** A ban as its subject may read it: why, since when, and their latest appeal of it. */
export interface BanView {
  reason: string | null;
  bannedAt: Date;
  appeal: BanAppealRow | null;
}

/** The ban of a banned publisher (null while active), with the latest appeal made against it. */
export async function publisherBanView(db: Db, publisher: PublisherRow): Promise<BanView | null> {
  if (publisher.status !== 'PublisherStatusBanned') return null;
  const bannedAt = publisher.bannedAt ?? publisher.updatedAt;
  return {
    reason: publisher.banReason,
    bannedAt,
    appeal: await latestAppealSince(db, { type: 'publisher', id: publisher.id }, bannedAt),
  };
}

/** The ban of a banned account (null while active), with its latest appeal. */
export async function userBanView(db: Db, user: UserRow): Promise<BanView | null> {
  if (user.status !== 'UserStatusBanned') return null;
  const bannedAt = user.bannedAt ?? user.updatedAt;
  return {
    reason: user.banReason,
    bannedAt,
    appeal: await latestAppealSince(db, { type: 'user', id: user.id }, bannedAt),
  };
}

export interface BannedPublisherStanding {
  publisher: PublisherRow;
  role: PublisherRole;
  ban: BanView;
}

/**
 * What a signed-in person must be told about bans on every page: their account's ban, and the banned publishers
 * where they hold a role (owners may appeal; members are told why their writes are refused).
 */
export async function viewerStanding(
  db: Db,
  viewer: UserRow,
): Promise<{ ban: BanView | null; bannedPublishers: BannedPublisherStanding[] }> {
  const rows = await db
    .select({ publisher: publishers, role: publisherPermissions.role })
    .from(publisherPermissions)
    .innerJoin(publishers, eq(publishers.id, publisherPermissions.publisherId))
    .where(and(eq(publisherPermissions.userId, viewer.id), eq(publishers.status, 'PublisherStatusBanned')))
    .orderBy(publishers.id);
  const bannedPublishers: BannedPublisherStanding[] = [];
  for (const { publisher, role } of rows) {
    const ban = await publisherBanView(db, publisher);
    if (ban) bannedPublishers.push({ publisher, role, ban });
  }
  return { ban: await userBanView(db, viewer), bannedPublishers };
}
