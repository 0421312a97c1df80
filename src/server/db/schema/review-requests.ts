import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { nodeVersions } from './node-versions.ts';
import { users } from './users.ts';

/**
 * A publisher's request that a moderator look again at a Flagged or Banned version, with their
 * message. Open while the version has not changed since (any admin decision or rescan updates the
 * version's `updated_at`), so no admin write has to remember to close it.
 */
export const versionReviewRequests = pgTable(
  'version_review_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    nodeVersionId: uuid('node_version_id')
      .notNull()
      .references(() => nodeVersions.id, { onDelete: 'cascade' }),
    requestedByUserId: text('requested_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('version_review_requests_version_created_idx').on(t.nodeVersionId, t.createdAt)],
);
