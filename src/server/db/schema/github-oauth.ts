import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * One-time `state` values of the GitHub OAuth round-trip that proves repository control for
 * claim-my-node. The state binds the round-trip to the user who started it, the publisher and node
 * to claim, and where to return; only its sha256 is stored, it expires after minutes and is consumed
 * once (`used_at`), so a leaked or replayed callback URL cannot claim anything.
 */
export const githubOauthStates = pgTable(
  'github_oauth_states',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stateHash: text('state_hash').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    publisherId: text('publisher_id').notNull(),
    nodeId: text('node_id').notNull(),
    /** Site path to return to once the claim is done (validated as same-site when stored). */
    returnPath: text('return_path').notNull(),
    /** The redirect_uri sent to GitHub; the code exchange must repeat it exactly. */
    redirectUri: text('redirect_uri').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('github_oauth_states_user_idx').on(t.userId)],
);
