import { boolean, index, pgTable, text } from 'drizzle-orm/pg-core';
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
    status: userStatus('status').notNull().default('UserStatusActive'),
    ...timestamps,
  },
  (t) => [index('users_email_idx').on(t.email)],
);
