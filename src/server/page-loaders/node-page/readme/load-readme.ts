import type { AppDeps } from '../../../app-deps.ts';
import { loadArchiveReadme } from '../../../services/readmes/load-archive-readme.ts';
import { findStoredReadmeOfVersion, type StoredReadme } from '../../../services/readmes/stored-readme.ts';

/** The stored README row of a version (read beside the page's first queries), or null. */
export async function findVersionReadme(
  services: Pick<AppDeps, 'db'>,
  versionId: string | null,
): Promise<StoredReadme | null> {
  if (!versionId) return null;
  return (await findStoredReadmeOfVersion(services.db, versionId)) ?? null;
}

/**
 * The sanitised README HTML of a version's archive (stored at scan time), or null when there is none.
 * `prefetched` is the row findVersionReadme read for this version (null: none stored yet).
 */
export async function loadReadmeHtml(
  services: Pick<AppDeps, 'db' | 'storage' | 'imageUrls' | 'clock'>,
  version: { archiveId: string | null },
  repository: string | null,
  prefetched?: StoredReadme | null,
): Promise<string | null> {
  if (!version.archiveId) return null;
  return loadArchiveReadme(services, version.archiveId, repository, prefetched);
}
