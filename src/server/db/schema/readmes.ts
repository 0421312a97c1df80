import { text, pgTable, uuid } from 'drizzle-orm/pg-core';
import { archives } from './archives.ts';
import { timestamps } from './columns.ts';

/**
 * The README of an accepted archive, found, rendered and sanitised once (at scan time, or by the
 * `readme.backfill` job for archives accepted before this table existed), so a node page never reads
 * the archive from storage. Archives are immutable, so the row never goes stale; the HTML does depend
 * on the pack's repository (relative links and images) and on the image-URL signer, so both are kept
 * beside it and a page whose repository or signer differs renders again from the stored markdown.
 */
export const archiveReadmes = pgTable('archive_readmes', {
  archiveId: uuid('archive_id')
    .primaryKey()
    .references(() => archives.id, { onDelete: 'cascade' }),
  /** The README markdown as found in the archive (cut to the render limit); null: the archive has none. */
  markdown: text('markdown'),
  /** Sanitised HTML of `markdown` for `repository` and `signer`; null when there is nothing to show. */
  html: text('html'),
  /** The pack repository the HTML's relative links were resolved against ('' for none). */
  repository: text('repository').notNull().default(''),
  /** Fingerprint of the image-URL signer the HTML's image sources were signed with. */
  signer: text('signer').notNull().default(''),
  ...timestamps,
});
