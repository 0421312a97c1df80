import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { publishers } from './publishers.ts';
import { users } from './users.ts';

/** Personal access tokens for publishing. Only a sha256 of the secret is stored. */
export const personalAccessTokens = pgTable(
  'personal_access_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    publisherId: text('publisher_id')
      .notNull()
      .references(() => publishers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    tokenHash: text('token_hash').notNull().unique(),
    /** The first characters of the token, safe to show so people can tell their tokens apart. */
    displayPrefix: text('display_prefix').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [index('personal_access_tokens_publisher_idx').on(t.publisherId)],
);
