import { randomBytes } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { systemClock, type Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { nodes } from '../../db/schema/index.ts';
import type { PeriodicTask } from '../../jobs/scheduler.ts';
import type { ChangeRow } from '../change-feed/feed.ts';
import type { ChangeConsumer } from '../change-feed/follower.ts';
import type { SearchDocument, SearchIndex } from '../../search/port.ts';
import { readCountersAfter, readCountersDigest } from './node-counters.ts';
import { loadAllDocuments, loadDocuments } from './node-documents.ts';
import { DEFAULT_POPULAR_QUERY_SETTINGS, SharedPopularQueries, type PopularQuerySettings } from './shared-queries.ts';

export interface SearchSyncOptions {
  /** How often download and star counts are refreshed for every node (default 60 s). */
  countsIntervalMs?: number;
  /** How often recorded queries are shared with other instances through the database (default 5 s). */
  queriesIntervalMs?: number;
  /**
   * Who may make a query popular (shared-queries.ts). `clientSecret` keys the client digests: give the
   * installation's secret so every instance names a client alike (default: a random one per process).
   */
  popularQueries?: Partial<PopularQuerySettings>;
  /** The time recorded searches are stamped with and aged by (tests pin it). */
  clock?: Clock;
}

/** Ids per `IN (…)` list when loading changed documents (an import changes thousands at once). */
const LOAD_CHUNK = 1000;

/**
 * Keeps a SearchIndex in step with the database: a full load at start, then whatever each batch of
 * the change feed names (it is a ChangeConsumer of the process's ChangeFollower: packs whose row,
 * versions or classes changed are re-read, or removed when gone, and every pack of a changed
 * publisher), and every `countsIntervalMs` the download/star counts of all nodes, which the feed does
 * not carry (this also repairs drift: nodes missing from the index are loaded, nodes gone from the
 * database removed). Operations never overlap (one queue). The periodic ones run on the job system's
 * scheduler (`periodicTasks()`, listed in periodic-tasks.ts), on every instance: each has its own index.
 */
export class SearchSync implements ChangeConsumer {
  readonly #db: Db;
  readonly #index: SearchIndex;
  readonly #countsIntervalMs: number;
  /** The counters digest of the last complete refresh ('' before the first). */
  #countersDigest = '';
  #countsSkipped = 0;
  readonly #queriesIntervalMs: number;
  readonly #popularQueries: SharedPopularQueries;
  readonly #clock: Clock;
  /** What the index holds, for the counter refresh (the port has no read-back). */
  readonly #docs = new Map<string, SearchDocument>();
  #loaded = false;
  #queue: Promise<unknown> = Promise.resolve();

  constructor(db: Db, index: SearchIndex, options: SearchSyncOptions = {}) {
    this.#db = db;
    this.#index = index;
    this.#countsIntervalMs = options.countsIntervalMs ?? 60_000;
    this.#queriesIntervalMs = options.queriesIntervalMs ?? 5_000;
    this.#clock = options.clock ?? systemClock;
    this.#popularQueries = new SharedPopularQueries(db, index, {
      ...DEFAULT_POPULAR_QUERY_SETTINGS,
      clientSecret: randomBytes(32).toString('base64url'),
      ...options.popularQueries,
    });
  }

  /**
   * Loads everything (awaited: search answers only once it is complete). The follower's cursor must be
   * noted before (ChangeFollower.begin), so a change during the load is applied again rather than missed.
   */
  async start(): Promise<{ documents: number; milliseconds: number }> {
    const started = performance.now();
    const documents = await this.reload();
    return { documents, milliseconds: performance.now() - started };
  }

  /** Waits for the operation in progress (the scheduler that runs the periodic tasks is stopped first). */
  async stop(): Promise<void> {
    await this.#queue.catch(() => undefined);
  }

  /** The counts refresh and the query sharing, for the scheduler: every instance, since each has its own index. */
  periodicTasks(): PeriodicTask[] {
    return [
      {
        name: 'search.refresh-counts',
        everyMs: this.#countsIntervalMs,
        scope: 'each-instance',
        run: () => this.refreshCounts(),
      },
      {
        name: 'search.share-queries',
        everyMs: this.#queriesIntervalMs,
        scope: 'each-instance',
        run: () => this.shareQueries(),
      },
    ];
  }

  /** Rebuilds the index from scratch; returns the number of documents. */
  reload(): Promise<number> {
    return this.#serial(async () => {
      const docs = await loadAllDocuments(this.#db);
      this.#index.replaceAll(docs);
      this.#docs.clear();
      for (const doc of docs) this.#docs.set(doc.id, doc);
      this.#loaded = true;
      return docs.length;
    });
  }

  /** Re-reads what one batch of the change feed names (ChangeConsumer). */
  async apply(changes: readonly ChangeRow[]): Promise<void> {
    if (!this.#loaded) {
      await this.reload();
      return;
    }
    const nodeIds = new Set<string>();
    const publisherIds = new Set<string>();
    for (const change of changes) {
      if (change.kind === 'publisher' && change.publisherId) publisherIds.add(change.publisherId);
      else if (change.nodeId) nodeIds.add(change.nodeId);
    }
    await this.#serial(async () => {
      if (publisherIds.size > 0) {
        // A renamed publisher: every pack of it shows the new name.
        const docs = await loadDocuments(this.#db, inArray(nodes.publisherId, [...publisherIds]));
        for (const doc of docs) this.#apply(doc);
      }
      await this.#reloadNodes([...nodeIds]);
    });
  }

  /** The feed was pruned past the follower's cursor: load everything again (ChangeConsumer). */
  async reset(): Promise<void> {
    await this.reload();
  }

  /** Refreshes download/star counts and repairs drift; returns how many documents changed. */
  refreshCounts(): Promise<number> {
    if (!this.#loaded) return this.reload();
    return this.#serial(() => this.#refreshCounts());
  }

  /** Shares recorded searches with other instances and adopts the popular queries; returns rows offered. */
  shareQueries(): Promise<number> {
    return this.#serial(() => this.#popularQueries.share(this.#clock.now()));
  }

  async #refreshCounts(): Promise<number> {
    // Idle: nothing counted, starred, added or removed since the last pass, so nothing to read. Every
    // tenth pass reads anyway: the full comparison is also what repairs any drift of the index.
    const digest = await readCountersDigest(this.#db);
    if (digest === this.#countersDigest && this.#countsSkipped < 9) {
      this.#countsSkipped++;
      return 0;
    }
    this.#countsSkipped = 0;
    const present = new Set<string>();
    const missing: string[] = [];
    let changed = 0;
    // In chunks, yielding between them: requests are served while a large catalogue is compared.
    for (let rows = await readCountersAfter(this.#db, null); rows.length > 0;) {
      for (const row of rows) {
        present.add(row.id);
        const doc = this.#docs.get(row.id);
        if (!doc) missing.push(row.id);
        else if (doc.downloads !== row.downloads || doc.stars !== row.stars) {
          this.#apply({ ...doc, downloads: row.downloads, stars: row.stars });
          changed++;
        }
      }
      await new Promise((resume) => setImmediate(resume));
      rows = await readCountersAfter(this.#db, rows[rows.length - 1]!.id);
    }
    for (const id of [...this.#docs.keys()]) {
      if (present.has(id)) continue;
      this.#forget(id);
      changed++;
    }
    await this.#reloadNodes(missing);
    this.#countersDigest = digest;
    return changed + missing.length;
  }

  /** Re-reads the given nodes; ids that no longer exist at all are removed. */
  async #reloadNodes(ids: string[]): Promise<void> {
    for (let start = 0; start < ids.length; start += LOAD_CHUNK) {
      const chunk = ids.slice(start, start + LOAD_CHUNK);
      const docs = await loadDocuments(this.#db, inArray(nodes.id, chunk));
      const found = new Set<string>();
      for (const doc of docs) {
        found.add(doc.id);
        this.#apply(doc);
      }
      for (const id of chunk) if (!found.has(id)) this.#forget(id);
    }
  }

  #apply(doc: SearchDocument): void {
    if (doc.status === 'NodeStatusDeleted') {
      this.#forget(doc.id);
      return;
    }
    this.#index.upsert(doc);
    this.#docs.set(doc.id, doc);
  }

  #forget(id: string): void {
    this.#index.remove(id);
    this.#docs.delete(id);
  }

  #serial<T>(task: () => Promise<T>): Promise<T> {
    // #queue never rejects (see below), so every task runs after the previous one settled.
    const run = this.#queue.then(task);
    this.#queue = run.catch(() => undefined);
    return run;
  }
}
