import type { AppDeps } from '../../app-deps.ts';
import { INDEX_FORMAT, type IndexSnapshot } from '../../index-protocol/format.ts';
import { feedHead } from '../change-feed/feed.ts';
import { loadIndexRows } from './index-rows.ts';
import { readConsistent } from './read-consistent.ts';
import { signDocument, type SignedDocument } from './signed-document.ts';

/**
 * The whole public catalogue at one position of the change feed, signed. The same position gives
 * the same bytes on every instance (same data, one serialization, no timestamps of its own).
 */
export async function buildSnapshot(services: Pick<AppDeps, 'db' | 'config' | 'indexKeys'>): Promise<SignedDocument> {
  const { cursor, rows } = await readConsistent(services.db, async (tx) => ({
    cursor: await feedHead(tx),
    rows: await loadIndexRows(tx, services.config),
  }));
  const document: IndexSnapshot = {
    format: INDEX_FORMAT,
    kind: 'snapshot',
    cursor: String(cursor),
    packs: rows.packs,
    versions: rows.versions,
  };
  return signDocument(cursor, document, services.indexKeys.signing);
}
