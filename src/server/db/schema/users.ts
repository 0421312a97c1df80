import { boolean, index, pgTable, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { userStatus } from './enums.ts';

/** Signed-in people, keyed by their identity-provider uid; created on first authenticated request. */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email'),
    name: text('name'),
    photoUrl: text('photo_url'),
    isAdmin: boolean('is_admin').notNull().default(false),
    isApproved: boolean('is_approved').notNull().default(false),
    /** Marked by an admin: this user's reports can quarantine a pack's latest version (services/quarantine/). */
    isTrustedReporter: boolean('is_trusted_reporter').notNull().default(false),
    status: userStatus('status').notNull().default('UserStatusActive'),
    /** The current ban (why, since when, by which admin), so the account can be told; null while active. */
    banReason: text('ban_reason'),
    bannedAt: timestamp('banned_at', { withTimezone: true, mode: 'date' }),
    bannedByUserId: text('banned_by_user_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    /**
     * "Sign out everywhere": ID tokens of sign-ins before this moment are refused (their refresh
     * tokens were revoked at the identity provider too); null when never used.
     */
    sessionsValidAfter: timestamp('sessions_valid_after', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [index('users_email_idx').on(t.email)],
);
