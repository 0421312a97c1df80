import { and, eq, inArray, lte } from 'drizzle-orm';
import semver from 'semver';
import type { Db } from '../../db/client.ts';
import { releaseNotes, type ReleaseLocale, type ReleaseProject } from '../../db/schema/index.ts';
import type { ReleaseNoteRow } from './serialize.ts';

export interface ReleaseQuery {
  /** Undefined = every project (the site's "all" view). */
  project?: ReleaseProject | undefined;
  /** Canonical semver: only notes for newer versions. */
  newerThan?: string | undefined;
  locale: ReleaseLocale;
  formFactor?: string | undefined;
  now: Date;
}

/** Newest version first (semver precedence, never string order); then the newest publication. */
function newestFirst(a: ReleaseNoteRow, b: ReleaseNoteRow): number {
  return semver.rcompare(a.version, b.version) || b.publishedAt.getTime() - a.publishedAt.getTime() || b.id - a.id;
}

function newestPublished(a: ReleaseNoteRow, b: ReleaseNoteRow): number {
  return b.publishedAt.getTime() - a.publishedAt.getTime() || b.id - a.id;
}

/**
 * Published notes, one per (project, version): in the asked locale when translated, else the
 * English one. Notes aimed at other form factors are left out when the caller names its own.
 */
export async function listReleaseNotes(db: Db, query: ReleaseQuery): Promise<ReleaseNoteRow[]> {
  const locales: ReleaseLocale[] = query.locale === 'en' ? ['en'] : [query.locale, 'en'];
  const rows = await db
    .select()
    .from(releaseNotes)
    .where(
      and(
        query.project ? eq(releaseNotes.project, query.project) : undefined,
        inArray(releaseNotes.locale, locales),
        lte(releaseNotes.publishedAt, query.now),
      ),
    );
  const chosen = new Map<string, ReleaseNoteRow>();
  for (const row of rows) {
    if (query.newerThan && !semver.gt(row.version, query.newerThan)) continue;
    if (query.formFactor && row.formFactors.length > 0 && !row.formFactors.includes(query.formFactor)) continue;
    const key = `${row.project} ${row.version}`;
    const current = chosen.get(key);
    if (!current || (current.locale !== query.locale && row.locale === query.locale)) chosen.set(key, row);
  }
  // Across projects version numbers do not compare, so the all-projects view is by date.
  return [...chosen.values()].sort(query.project ? newestFirst : newestPublished);
}
