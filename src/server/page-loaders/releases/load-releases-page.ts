import { countPages } from '../../../lib/paging.ts';
import type { SignImageUrl } from '../../../lib/images/image-url.ts';
import type { Db } from '../../db/client.ts';
import {
  RELEASE_LOCALES,
  RELEASE_PROJECTS,
  type ReleaseLocale,
  type ReleaseProject,
} from '../../services/releases/release-values.ts';
import { listReleaseNotes } from '../../services/releases/list-releases.ts';
import { renderReleaseMarkdown } from '../../services/releases/render-markdown.ts';
import type { ReleaseNoteRow } from '../../services/releases/serialize.ts';

export const RELEASES_PAGE_SIZE = 10;

export interface ReleasesPage {
  project: ReleaseProject | undefined;
  page: number;
  totalPages: number;
  /** `inPageLanguage` false = shown in English because no translation exists (yet). */
  notes: (ReleaseNoteRow & { html: string; inPageLanguage: boolean })[];
}

export function parseProject(value: string | null): ReleaseProject | undefined {
  return (RELEASE_PROJECTS as readonly string[]).includes(value ?? '') ? (value as ReleaseProject) : undefined;
}

/** The site's language as a release-note locale (notes have no Arabic: English then). */
export function releaseLocaleFor(lang: string): ReleaseLocale {
  return (RELEASE_LOCALES as readonly string[]).includes(lang) ? (lang as ReleaseLocale) : 'en';
}

/** The /{lang}/releases page: published notes (one project or all), rendered and sanitised. */
export async function loadReleasesPage(
  db: Db,
  params: { project: ReleaseProject | undefined; lang: string; page: number; now: Date; signImage: SignImageUrl },
): Promise<ReleasesPage> {
  const locale = releaseLocaleFor(params.lang);
  const all = await listReleaseNotes(db, { project: params.project, locale, now: params.now });
  const start = (params.page - 1) * RELEASES_PAGE_SIZE;
  return {
    project: params.project,
    page: params.page,
    totalPages: countPages(all.length, RELEASES_PAGE_SIZE),
    notes: all.slice(start, start + RELEASES_PAGE_SIZE).map((note) => ({
      ...note,
      html: renderReleaseMarkdown(note.content, params.signImage),
      inPageLanguage: note.locale === params.lang,
    })),
  };
}

// What the releases page's components need besides the loader (pages import server code only from src/server/page-loaders/).
export { RELEASE_PROJECTS } from '../../services/releases/release-values.ts';
export type { ReleaseProject } from '../../services/releases/release-values.ts';
