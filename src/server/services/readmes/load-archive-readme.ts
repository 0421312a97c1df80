import { and, eq, isNotNull } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.ts';
import { archives } from '../../db/schema/index.ts';
import { defaultBackgroundLogger, errorFields } from '../../ops/background-errors.ts';
import {
  extractReadme,
  findStoredReadme,
  storedHtmlFits,
  storeArchiveReadme,
  type ReadmeRenderContext,
  type StoredReadme,
} from './stored-readme.ts';

type ReadmeServices = Pick<AppDeps, 'db' | 'storage' | 'imageUrls' | 'clock'>;

/** Reads the archive from storage and stores its README (archives accepted before READMEs were stored). */
async function storeFromArchive(services: ReadmeServices, archiveId: string, context: ReadmeRenderContext) {
  const [archive] = await services.db
    .select({ key: archives.key })
    .from(archives)
    .where(and(eq(archives.id, archiveId), isNotNull(archives.uploadedAt)))
    .limit(1);
  if (!archive) return null;
  const bytes = await services.storage.get(archive.key);
  if (!bytes) return null;
  return storeArchiveReadme(services.db, archiveId, extractReadme(bytes), context, services.clock.now());
}

/**
 * The sanitised README HTML of an archive for a pack's repository, or null when there is none. Reads
 * the stored row; renders again from its markdown when the repository or the image signer changed
 * (and stores that), and reads the archive only when nothing was stored yet (the backfill job has not
 * reached it). A storage failure shows "no README" and stores nothing, so the next request retries.
 * `prefetched`: the stored row when the caller already read it (null: read, and there is none).
 */
export async function loadArchiveReadme(
  services: ReadmeServices,
  archiveId: string,
  repository: string | null,
  prefetched?: StoredReadme | null,
): Promise<string | null> {
  const context = { repository, sign: services.imageUrls.sign };
  try {
    const stored =
      prefetched === undefined || (prefetched && prefetched.archiveId !== archiveId)
        ? await findStoredReadme(services.db, archiveId)
        : (prefetched ?? undefined);
    if (stored && storedHtmlFits(stored, context)) return stored.html;
    if (stored) return await storeArchiveReadme(services.db, archiveId, stored.markdown, context, services.clock.now());
    return await storeFromArchive(services, archiveId, context);
  } catch (error) {
    defaultBackgroundLogger().warn({ archiveId, error: errorFields(error) }, 'README could not be read');
    return null;
  }
}
