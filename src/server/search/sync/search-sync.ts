import { randomBytes } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { systemClock, type Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { nodes } from '../../db/schema/index.ts';
import { backgroundErrorReporter, defaultBackgroundLogger } from '../../ops/background-errors.ts';
import type { SearchDocument, SearchIndex } from '../port.ts';
import { readChangesSince, readCounters, readHighWaterMark, type NodeChange } from './change-feed.ts';
import { loadAllDocuments, loadDocuments } from './node-documents.ts';
import { DEFAULT_POPULAR_QUERY_SETTINGS, SharedPopularQueries, type PopularQuerySettings } from './shared-queries.ts';

export interface SearchSyncOptions {
  /** How often to look for changed nodes (default 500 ms). */
  pollIntervalMs?: number;
  /**
   * How far behind the high-water mark each poll looks again (default 15 s). A write stamps updated_at
   * before it commits, so a slow transaction (a claim waits up to 10 s for GitHub) or a writer whose clock
   * runs behind can commit a stamp older than what the feed has already seen. Rows already applied are
   * skipped by row version, so a wide window costs one indexed query, not re-indexing.
   */
  overlapMs?: number;
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
  /** Where a failed background tick is reported (default: the redacting JSON logger); the next tick retries. */
  onError?: (error: unknown) => void;
}

/** Ids per `IN (…)` list when loading changed documents (an import changes thousands at once). */
const LOAD_CHUNK = 1000;

/**
 * Keeps a SearchIndex in step with the database by polling: a full load at start, then every
 * `pollIntervalMs` the nodes whose updated_at moved (upserted, or removed when deleted), and every
 * `countsIntervalMs` the download/star counts of all nodes (which also repairs any drift: nodes missing
 * from the index are loaded, nodes gone from the database removed). Each instance polls on its own, so
 * several instances on one PostgreSQL all converge. Operations never overlap (one queue).
 */
export class SearchSync {
  readonly #db: Db;
  readonly #index: SearchIndex;
  readonly #pollIntervalMs: number;
  readonly #overlapMs: number;
  readonly #countsIntervalMs: number;
  readonly #queriesIntervalMs: number;
  readonly #popularQueries: SharedPopularQueries;
  readonly #clock: Clock;
  readonly #onError: (error: unknown) => void;
  /** What the index holds, for the counter refresh (the port has no read-back). */
  readonly #docs = new Map<string, SearchDocument>();
  /** Row versions applied inside the overlap window: id → xmin and updated_at (ms). */
  readonly #applied = new Map<string, { rowVersion: string; updatedAt: number }>();
  #highWater = Number.NEGATIVE_INFINITY;
  #loaded = false;
  #queue: Promise<unknown> = Promise.resolve();
  #timers = new Set<NodeJS.Timeout>();
  #running = false;
  readonly #changeListeners = new Set<() => void>();

  constructor(db: Db, index: SearchIndex, options: SearchSyncOptions = {}) {
    this.#db = db;
    this.#index = index;
    this.#pollIntervalMs = options.pollIntervalMs ?? 500;
    this.#overlapMs = options.overlapMs ?? 15_000;
    this.#countsIntervalMs = options.countsIntervalMs ?? 60_000;
    this.#queriesIntervalMs = options.queriesIntervalMs ?? 5_000;
    this.#clock = options.clock ?? systemClock;
    this.#popularQueries = new SharedPopularQueries(db, index, {
      ...DEFAULT_POPULAR_QUERY_SETTINGS,
      clientSecret: randomBytes(32).toString('base64url'),
      ...options.popularQueries,
    });
    this.#onError =
      options.onError ??
      backgroundErrorReporter(defaultBackgroundLogger(), 'search-sync', 'search sync failed; retrying');
  }

  /** Loads everything (awaited: search answers only once it is complete), then starts the timers. */
  async start(): Promise<{ documents: number; milliseconds: number }> {
    const started = performance.now();
    const documents = await this.reload();
    this.#running = true;
    this.#every(this.#pollIntervalMs, () => this.syncNow());
    this.#every(this.#countsIntervalMs, () => this.refreshCounts());
    this.#every(this.#queriesIntervalMs, () => this.shareQueries());
    return { documents, milliseconds: performance.now() - started };
  }

  /** Stops the timers and waits for the operation in progress. */
  async stop(): Promise<void> {
    this.#running = false;
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
    await this.#queue.catch(() => undefined);
  }

  /**
   * Calls `listener` whenever the sync saw data change (changed nodes, a full load, new download or
   * star counts): the response cache drops what it holds. Returns the unsubscribe.
   */
  onChange(listener: () => void): () => void {
    this.#changeListeners.add(listener);
    return () => this.#changeListeners.delete(listener);
  }

  /** Rebuilds the index from scratch; returns the number of documents. */
  reload(): Promise<number> {
    return this.#serial(async () => {
      // Mark and row versions first, documents second: a row changed in between has a newer row
      // version than the one noted here, so the next poll re-reads it instead of skipping it.
      const mark = (await readHighWaterMark(this.#db))?.getTime() ?? Number.NEGATIVE_INFINITY;
      const window = Number.isFinite(mark) ? await readChangesSince(this.#db, new Date(mark - this.#overlapMs)) : [];
      const docs = await loadAllDocuments(this.#db);
      this.#index.replaceAll(docs);
      this.#docs.clear();
      for (const doc of docs) this.#docs.set(doc.id, doc);
      this.#applied.clear();
      this.#noteApplied(window);
      this.#highWater = mark;
      this.#loaded = true;
      this.#changed(1);
      return docs.length;
    });
  }

  /** One poll of the change feed (a full load the first time); returns how many nodes were re-read. */
  syncNow(): Promise<number> {
    if (!this.#loaded) return this.reload();
    return this.#serial(() => this.#poll());
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

  async #poll(): Promise<number> {
    const since = Number.isFinite(this.#highWater) ? this.#highWater - this.#overlapMs : 0;
    const changes = await readChangesSince(this.#db, new Date(since));
    const fresh = changes.filter((change) => this.#applied.get(change.id)?.rowVersion !== change.rowVersion);
    await this.#reloadNodes(fresh.map((change) => change.id));
    this.#noteApplied(fresh);
    for (const change of changes) this.#highWater = Math.max(this.#highWater, change.updatedAt.getTime());
    const horizon = this.#highWater - this.#overlapMs;
    for (const [id, applied] of this.#applied) if (applied.updatedAt < horizon) this.#applied.delete(id);
    this.#changed(fresh.length);
    return fresh.length;
  }

  async #refreshCounts(): Promise<number> {
    const rows = await readCounters(this.#db);
    const present = new Set<string>();
    const missing: string[] = [];
    let changed = 0;
    for (const row of rows) {
      present.add(row.id);
      const doc = this.#docs.get(row.id);
      if (!doc) missing.push(row.id);
      else if (doc.downloads !== row.downloads || doc.stars !== row.stars) {
        this.#apply({ ...doc, downloads: row.downloads, stars: row.stars });
        changed++;
      }
    }
    for (const id of [...this.#docs.keys()]) {
      if (present.has(id)) continue;
      this.#forget(id);
      changed++;
    }
    await this.#reloadNodes(missing);
    this.#changed(changed + missing.length);
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

  #changed(count: number): void {
    if (count === 0) return;
    for (const listener of this.#changeListeners) listener();
  }

  #noteApplied(changes: NodeChange[]): void {
    for (const change of changes) {
      this.#applied.set(change.id, { rowVersion: change.rowVersion, updatedAt: change.updatedAt.getTime() });
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

  /** A self-rescheduling timer: the next tick is planned only after this one finished (no pile-up). */
  #every(intervalMs: number, task: () => Promise<unknown>): void {
    const tick = () => {
      const timer = setTimeout(() => {
        this.#timers.delete(timer);
        task()
          .catch((error: unknown) => this.#onError(error))
          .finally(() => {
            if (this.#running) tick();
          });
      }, intervalMs);
      // Timers never keep a process alive on their own (the HTTP servers do).
      timer.unref();
      this.#timers.add(timer);
    };
    tick();
  }
}
