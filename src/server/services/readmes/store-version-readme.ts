import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../db/client.ts';
import { nodes } from '../../db/schema/index.ts';
import { extractReadme, storeArchiveReadme } from './stored-readme.ts';

/**
 * The README of a scanned archive, read from the bytes the scan already holds. A README that cannot be
 * read is no reason to fail a scan: it is stored as "none".
 */
export function readmeOfScannedArchive(bytes: Uint8Array): string | null {
  try {
    return extractReadme(bytes);
  } catch {
    return null;
  }
}

/** Renders and stores a version's README for its pack's repository, in the scan's transaction. */
export async function storeVersionReadme(
  tx: Db,
  services: Pick<AppDeps, 'imageUrls' | 'clock'>,
  version: { archiveId: string | null; nodeId: string },
  markdown: string | null,
): Promise<void> {
  if (!version.archiveId) return;
  const [node] = await tx.select({ repository: nodes.repository }).from(nodes).where(eq(nodes.id, version.nodeId));
  const context = { repository: node?.repository ?? null, sign: services.imageUrls.sign };
  await storeArchiveReadme(tx, version.archiveId, markdown, context, services.clock.now());
}
