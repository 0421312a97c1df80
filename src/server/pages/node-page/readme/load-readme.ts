import { and, eq, isNotNull } from 'drizzle-orm';
import { archives } from '../../../db/schema/index.ts';
import type { Services } from '../../../container.ts';
import { findReadme } from './find-readme.ts';
import { createLruCache } from './lru-cache.ts';
import { renderReadme } from './render-readme.ts';
import { repositoryBases } from './repository-urls.ts';

// Archives are immutable (a version's zip is never replaced), so a rendered README can be kept for as
// long as the process lives; the repository is part of the key because relative URLs depend on it.
// Promises are cached, so concurrent requests for one README read and render it once.
const cache = createLruCache<string, Promise<string | null>>(256);
const MAX_CACHED_HTML_CHARS = 64 * 1024;

async function readAndRender(
  services: Pick<Services, 'db' | 'storage' | 'imageUrls'>,
  archiveId: string,
  repository: string | null,
): Promise<string | null> {
  try {
    const [archive] = await services.db
      .select({ key: archives.key })
      .from(archives)
      .where(and(eq(archives.id, archiveId), isNotNull(archives.uploadedAt)))
      .limit(1);
    if (!archive) return null;
    const bytes = await services.storage.get(archive.key);
    const readme = bytes ? findReadme(bytes) : null;
    if (!readme) return null;
    const html = renderReadme(readme.markdown, repositoryBases(repository), services.imageUrls.sign);
    return html === '' ? null : html;
  } catch (error) {
    // A storage hiccup shows "No README" rather than an error page; it is not cached (see below).
    console.warn(`README of archive ${archiveId} could not be read: ${(error as Error).message}`);
    throw error;
  }
}

/** The sanitised README HTML of a version's archive, or null when there is none (or it is unreadable). */
export async function loadReadmeHtml(
  services: Pick<Services, 'db' | 'storage' | 'imageUrls'>,
  version: { archiveId: string | null },
  repository: string | null,
): Promise<string | null> {
  if (!version.archiveId) return null;
  const key = `${version.archiveId}\n${repository ?? ''}`;
  let pending = cache.get(key);
  if (!pending) {
    pending = readAndRender(services, version.archiveId, repository);
    cache.set(key, pending);
    // Failures are transient (storage down): forget them so the next request tries again. Very long
    // READMEs are not kept either, so the cache stays a few megabytes at most.
    pending.then(
      (html) => {
        if (html && html.length > MAX_CACHED_HTML_CHARS) cache.delete(key);
      },
      () => cache.delete(key),
    );
  }
  return pending.catch(() => null);
}
