import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** How bad an advisory is (OSV's database_specific severity words; CVSS vectors are not required). */
export const ADVISORY_SEVERITIES = ['LOW', 'MODERATE', 'HIGH', 'CRITICAL'] as const;
export type AdvisorySeverity = (typeof ADVISORY_SEVERITIES)[number];

/** malware: installs of an affected pack version are refused (403 advisory_blocked); vulnerability: warned only. */
export const ADVISORY_KINDS = ['malware', 'vulnerability'] as const;
export type AdvisoryKind = (typeof ADVISORY_KINDS)[number];

/** The OSV ecosystems an advisory can name: our packs, or the Python packages they pull in. */
export const ADVISORY_ECOSYSTEMS = ['Nodeyard', 'PyPI'] as const;
export type AdvisoryEcosystem = (typeof ADVISORY_ECOSYSTEMS)[number];

/** One OSV range event list entry: versions at or after `introduced`, before `fixed` / up to `last_affected`. */
export interface AdvisoryRange {
  introduced: string;
  fixed?: string;
  last_affected?: string;
}

export interface AdvisoryReference {
  type: string;
  url: string;
}

/**
 * A security advisory (docs/advisories.md), published as OSV JSON. Its id NYSA-YYYY-NNNN comes from
 * advisory_id_counters. Withdrawn advisories stay in the feed (OSV's `withdrawn`) but match nothing.
 */
export const advisories = pgTable(
  'advisories',
  {
    id: text('id').primaryKey(),
    summary: text('summary').notNull(),
    details: text('details').notNull().default(''),
    severity: text('severity').$type<AdvisorySeverity>().notNull(),
    kind: text('kind').$type<AdvisoryKind>().notNull(),
    /** Other ids of the same problem (GHSA-…, CVE-…, PYSEC-…, MAL-…). */
    aliases: jsonb('aliases').$type<string[]>().notNull().default([]),
    references: jsonb('references').$type<AdvisoryReference[]>().notNull().default([]),
    /** The id in the OSV export it was imported from (a re-import updates it instead of adding another); null when written here. */
    importedFrom: text('imported_from').unique(),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }).notNull(),
    modifiedAt: timestamp('modified_at', { withTimezone: true, mode: 'date' }).notNull(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true, mode: 'date' }),
    createdByUserId: text('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('advisories_modified_idx').on(t.modifiedAt, t.id)],
);

/**
 * What one advisory affects: a pack (ecosystem Nodeyard, `package` = pack id, semver events) or a
 * Python package (ecosystem PyPI, `package` = PEP 503 normalized name, PEP 440 events). Rows are
 * replaced as a whole when the advisory is edited.
 */
export const advisoryAffected = pgTable(
  'advisory_affected',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    advisoryId: text('advisory_id')
      .notNull()
      .references(() => advisories.id, { onDelete: 'cascade' }),
    ecosystem: text('ecosystem').$type<AdvisoryEcosystem>().notNull(),
    package: text('package').notNull(),
    ranges: jsonb('ranges').$type<AdvisoryRange[]>().notNull().default([]),
    /** Exact versions affected (in addition to the ranges). */
    versions: jsonb('versions').$type<string[]>().notNull().default([]),
  },
  (t) => [
    index('advisory_affected_package_idx').on(t.ecosystem, t.package),
    index('advisory_affected_advisory_idx').on(t.advisoryId),
  ],
);

/** The last NNNN handed out per year: an upsert that increments it allocates ids without races. */
export const advisoryIdCounters = pgTable('advisory_id_counters', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull().default(0),
});
