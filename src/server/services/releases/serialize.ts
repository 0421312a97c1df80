import type { releaseNotes } from '../../db/schema/index.ts';

export type ReleaseNoteRow = typeof releaseNotes.$inferSelect;

/** The contract's ReleaseNote, plus the note's locale and target form factors. */
export function toApiReleaseNote(row: ReleaseNoteRow) {
  return {
    id: row.id,
    project: row.project,
    version: row.version,
    attention: row.attention,
    content: row.content,
    published_at: row.publishedAt.toISOString(),
    locale: row.locale,
    ...(row.formFactors.length > 0 ? { form_factors: row.formFactors } : {}),
  };
}
