import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { users } from './users.ts';

// The contract's ReleaseNote.project / .attention values and GET /releases locales (no Arabic).
// Text columns checked by the API; only types here, the value lists are in services/releases.
export type ReleaseProject = 'comfyui' | 'comfyui_frontend' | 'desktop' | 'cloud';
export type ReleaseAttention = 'low' | 'medium' | 'high';
export type ReleaseLocale = 'en' | 'es' | 'fr' | 'ja' | 'ko' | 'ru' | 'zh';

/**
 * Release notes written by admins: one row per (project, version, locale); English is the
 * fallback when a translation is missing. The integer id is the contract's ReleaseNote.id.
 */
export const releaseNotes = pgTable(
  'release_notes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    project: text('project').$type<ReleaseProject>().notNull(),
    /** Canonical semver ("v1.2" is stored as "1.2.0"), so "newer than" is well defined. */
    version: text('version').notNull(),
    locale: text('locale').$type<ReleaseLocale>().notNull().default('en'),
    attention: text('attention').$type<ReleaseAttention>().notNull(),
    /** Markdown, stored as written; sanitised when rendered on the site. */
    content: text('content').notNull(),
    /** Form factors (e.g. desktop-win) the note is for; empty = every form factor. */
    formFactors: jsonb('form_factors').$type<string[]>().notNull().default([]),
    /** Notes are served from this instant on (a future date schedules the note). */
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('release_notes_project_version_locale_key').on(t.project, t.version, t.locale),
    index('release_notes_published_idx').on(t.publishedAt),
  ],
);
