import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { publisherRole, publisherStatus } from './enums.ts';
import { users } from './users.ts';

export const publishers = pgTable('publishers', {
  /** Username-like, lower-case, immutable. */
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description'),
  website: text('website'),
  support: text('support'),
  sourceCodeRepo: text('source_code_repo'),
  logo: text('logo'),
  status: publisherStatus('status').notNull().default('PublisherStatusActive'),
  /**
   * The current ban, kept with the publisher so its owners can read why and since when (the audit log keeps the
   * history). Set by a ban, cleared by an unban; null while the publisher is active.
   */
  banReason: text('ban_reason'),
  bannedAt: timestamp('banned_at', { withTimezone: true, mode: 'date' }),
  /** The admin who banned it: shown to admins only. */
  bannedByUserId: text('banned_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  ...timestamps,
});

/** Who may act for a publisher. One row per (publisher, user). */
export const publisherPermissions = pgTable(
  'publisher_permissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    publisherId: text('publisher_id')
      .notNull()
      .references(() => publishers.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: publisherRole('role').notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('publisher_permissions_publisher_user_key').on(t.publisherId, t.userId),
    index('publisher_permissions_user_idx').on(t.userId),
  ],
);

/**
 * Ids of deleted publishers. comfy-cli users pin a publisher id in pyproject.toml and people link to
 * /publishers/<id>, so a deleted id is never handed to someone else: only one of the owners it had
 * when it was deleted may create it again (services/publishers/retired-ids.ts).
 */
export const retiredPublisherIds = pgTable('retired_publisher_ids', {
  id: text('id').primaryKey(),
  /** The users who owned the publisher when it was deleted (plain ids: users are never deleted). */
  formerOwnerIds: jsonb('former_owner_ids').$type<string[]>().notNull().default([]),
  retiredAt: timestamp('retired_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
