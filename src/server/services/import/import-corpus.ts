import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { recordAudit } from '../audit/record.ts';
import { ensureUnclaimedPublisher } from '../publishers/unclaimed.ts';
import type { Corpus } from './corpus-schema.ts';
import { upsertCorpusNodes } from './import-nodes.ts';

export interface ImportSummary {
  source: string;
  total: number;
  created: number;
  updated: number;
  unchanged: number;
  /** Records whose node now belongs to a publisher (claimed or published): not touched. */
  skipped: number;
  /** Node class names the corpus lists for the nodes it imported. */
  classNames: number;
  /**
   * Packs created beside another pack whose id differs only in case or `-`, `_`, `.` (both exist
   * upstream): kept, marked legacy_confusable_id. Up to 100 of them, as [id, the pack holding the key].
   */
  confusable: number;
  confusableSample: Array<[string, string]>;
  seconds: number;
}

export interface ImportOptions {
  now?: Date;
  /** Records per transaction. Each batch commits on its own, so a re-run picks up where one failed. */
  batchSize?: number;
  onProgress?(done: number, total: number): void;
}

/**
 * Imports a validated corpus: one member-less publisher per author, the packs as their nodes, and
 * each pack's node class names in nodes.catalog_comfy_node_names. Upserts keyed by node id
 * (case-insensitive), so a re-run creates nothing twice and only rewrites what changed. Imported
 * nodes have no archive here, hence no installable version and no `latest_version`: they are
 * installed from their repositories until someone claims and publishes them. One audit row
 * records the run.
 */
export async function importCorpus(db: Db, corpus: Corpus, options: ImportOptions = {}): Promise<ImportSummary> {
  const started = performance.now();
  const batchSize = options.batchSize ?? 500;
  const totals = { created: 0, updated: 0, unchanged: 0, skipped: 0, classNames: 0, confusable: 0 };
  const confusableSample: Array<[string, string]> = [];
  await ensureUnclaimedPublisher(db);

  for (let offset = 0; offset < corpus.nodes.length; offset += batchSize) {
    const batch = corpus.nodes.slice(offset, offset + batchSize);
    // Stamped per batch, not once per run: each batch commits on its own, and a stamp older than what the
    // search change feed has already seen (a run takes many seconds) could fall behind its window.
    const now = options.now ?? new Date();
    await db.transaction(async (tx) => {
      const nodes = await upsertCorpusNodes(tx, batch, now);
      totals.confusable += nodes.confusable.size;
      for (const pair of nodes.confusable) if (confusableSample.length < 100) confusableSample.push(pair);
      for (const record of batch) {
        const id = nodes.storedIds.get(record)!;
        if (nodes.skipped.has(id)) {
          totals.skipped++;
          continue;
        }
        if (nodes.created.has(id)) totals.created++;
        else if (nodes.updated.has(id)) totals.updated++;
        else totals.unchanged++;
        totals.classNames += record.comfy_nodes.length;
      }
    });
    options.onProgress?.(Math.min(offset + batch.length, corpus.nodes.length), corpus.nodes.length);
  }

  // Fresh planner statistics: PGlite runs no autovacuum, and stale ones made page queries spill sorts.
  await db.execute(sql`ANALYZE nodes`);
  await db.execute(sql`ANALYZE publishers`);
  const summary: ImportSummary = {
    source: corpus.source,
    total: corpus.nodes.length,
    ...totals,
    confusableSample,
    seconds: (performance.now() - started) / 1000,
  };
  await recordAudit(db, {
    actor: { userId: null, kind: 'system' },
    action: 'corpus.import',
    targetType: 'corpus',
    targetId: corpus.source.slice(0, 200),
    after: { ...summary, seconds: Math.round(summary.seconds * 10) / 10 },
  });
  return summary;
}
