import type { AppDeps } from '../../../app-deps.ts';
import { loadArchiveReadme } from '../../../services/readmes/load-archive-readme.ts';
import type { StoredReadme } from '../../../services/readmes/stored-readme.ts';

/**
 * The sanitised README HTML of a version's archive (stored at scan time), or null when there is none.
 * `prefetched` is the stored row read with the node (services/nodes/node-page-head.ts; null: none stored yet).
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
