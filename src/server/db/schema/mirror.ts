import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Where a read-only mirror (MIRROR_UPSTREAM) is in its upstream's signed index: the cursor of the last
 * snapshot or delta it applied, written in the same transaction as that document's rows, so a
 * restarted mirror asks for the changes since exactly what it holds. One row per upstream URL: a
 * mirror pointed at another upstream starts over from that one's snapshot.
 */
export const mirrorPosition = pgTable('mirror_position', {
  upstream: text('upstream').primaryKey(),
  cursor: text('cursor').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Where the upstream serves each mirrored zip (the index's download_url), by the mirror's archive key:
 * the mirror fetches the zips it lacks from here, also after a restart that resumed with deltas.
 */
export const mirrorArchiveSources = pgTable('mirror_archive_sources', {
  archiveKey: text('archive_key').primaryKey(),
  url: text('url').notNull(),
});
