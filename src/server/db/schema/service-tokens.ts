import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';

/**
 * Machine credentials for automation that is not a publisher: the Comfy CI uploader, a scan
 * trigger. Created from the command line (`npm run admin -- service-token create <name>`); only a
 * sha256 of the secret is stored.
 */
export const serviceTokens = pgTable('service_tokens', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  tokenHash: text('token_hash').notNull().unique(),
  displayPrefix: text('display_prefix').notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
  ...timestamps,
});
