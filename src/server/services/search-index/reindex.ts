import { and, asc, gt, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { nodes } from '../../db/schema/index.ts';
import type { SearchDocument, SearchIndex } from '../../search/port.ts';
import { loadDocuments } from './node-documents.ts';

// POST /nodes/reindex: rebuild this instance's search index from the database. Search normally
// follows the change feed (search-sync.ts); this is the operator's "start over" for an index that
// drifted (rows changed without bumping updated_at, a restored backup). Other instances repair
// themselves on their periodic full check (search-sync's counts refresh).

export const DEFAULT_REINDEX_BATCH = 1000;
export const MAX_REINDEX_BATCH = 10_000;

export interface ReindexResult {
  /** Documents in the rebuilt index (active and banned nodes). */
  indexed: number;
  /** Database round trips of `batch` nodes each. */
  batches: number;
}

/**
 * Reads every node search may show in keyset batches of `batch` (by id), then swaps the whole index
 * at once, so searches in between see the old index, never a half-built one.
 */
export async function rebuildSearchIndex(db: Db, index: SearchIndex, batch: number): Promise<ReindexResult> {
  const documents: SearchDocument[] = [];
  let after: string | null = null;
  let batches = 0;
  for (;;) {
    const visible = ne(nodes.status, 'NodeStatusDeleted');
    const page: { id: string }[] = await db
      .select({ id: nodes.id })
      .from(nodes)
      .where(after === null ? visible : and(visible, gt(nodes.id, after)))
      .orderBy(asc(nodes.id))
      .limit(batch);
    if (page.length === 0) break;
    batches += 1;
    documents.push(
      ...(await loadDocuments(
        db,
        inArray(
          nodes.id,
          page.map((row) => row.id),
        ),
      )),
    );
    after = page.at(-1)!.id;
    if (page.length < batch) break;
  }
  index.replaceAll(documents);
  return { indexed: documents.length, batches };
}
