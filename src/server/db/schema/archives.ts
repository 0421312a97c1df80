import { bigint, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';

/** A stored object (a version's zip). Size and sha256 are recorded when the upload is accepted. */
export const archives = pgTable('archives', {
  id: uuid('id').primaryKey().defaultRandom(),
  key: text('key').notNull().unique(),
  contentType: text('content_type').notNull().default('application/zip'),
  size: bigint('size', { mode: 'number' }),
  sha256: text('sha256'),
  uploadedAt: timestamp('uploaded_at', { withTimezone: true, mode: 'date' }),
  ...timestamps,
});
