import type { Db } from '../../db/client.ts';
import { changesAfter, feedFloor, feedHead, type ChangeRow } from './feed.ts';

/** Something that keeps state derived from the catalogue: the search index, the response cache. */
export interface ChangeConsumer {
  /** The rows after the follower's cursor, oldest first (awaited before the next consumer sees them). */
  apply(changes: readonly ChangeRow[]): Promise<void> | void;
  /** The feed was pruned past the cursor: what changed is unknown, so start over from the database. */
  reset(): Promise<void> | void;
}

export interface ChangeFollowerOptions {
  /** How often to look for new rows when nothing wakes the follower (default 500 ms). */
  pollIntervalMs?: number;
  /** Where a failed pass is reported; the next pass retries from the same cursor. */
  onError?: (error: unknown) => void;
}

const BATCH = 1000;

/**
 * Follows the change feed by cursor for one process and hands each new row to its consumers in the
 * order they subscribed (search first, so a purged cache entry re-renders from an index that has
 * applied the change). It is the only way anything in a process learns of a change: a write answered
 * here waits for `catchUp()`, other instances' writes and jobs arrive by the poll, or sooner when a
 * PostgreSQL NOTIFY calls `wake()`.
 */
export class ChangeFollower {
  readonly #db: Db;
  readonly #consumers: ChangeConsumer[] = [];
  readonly #pollIntervalMs: number;
  readonly #onError: (error: unknown) => void;
  #cursor = 0;
  #started = false;
  #timer: NodeJS.Timeout | null = null;
  #running = false;
  /** The pass in progress, and the one queued behind it (shared by every caller that asks meanwhile). */
  #current: Promise<void> = Promise.resolve();
  #queued: Promise<void> | null = null;

  constructor(db: Db, options: ChangeFollowerOptions = {}) {
    this.#db = db;
    this.#pollIntervalMs = options.pollIntervalMs ?? 500;
    this.#onError = options.onError ?? ((error: unknown) => console.error('change feed follower failed:', error));
  }

  get cursor(): number {
    return this.#cursor;
  }

  subscribe(consumer: ChangeConsumer): () => void {
    this.#consumers.push(consumer);
    return () => {
      const at = this.#consumers.indexOf(consumer);
      if (at !== -1) this.#consumers.splice(at, 1);
    };
  }

  /**
   * Notes the feed's head as the cursor (call before consumers load their full state, so a change in
   * between is applied again rather than missed), without starting the timer.
   */
  async begin(): Promise<void> {
    if (this.#started) return;
    this.#cursor = await feedHead(this.#db);
    this.#started = true;
  }

  /** begin() and the poll timer. */
  async start(): Promise<void> {
    await this.begin();
    this.#running = true;
    this.#schedule();
  }

  async stop(): Promise<void> {
    this.#running = false;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    await this.#current.catch(() => undefined);
    await this.#queued?.catch(() => undefined);
  }

  /** Reads sooner than the next poll (a NOTIFY arrived). */
  wake(): void {
    this.catchUp().catch((error: unknown) => this.#onError(error));
  }

  /**
   * Resolves once every change committed before this call has been applied by every consumer: a pass
   * already running may have read the feed before that commit, so a new pass is queued behind it.
   */
  catchUp(): Promise<void> {
    if (this.#queued) return this.#queued;
    const next = this.#current
      .catch(() => undefined)
      .then(() => {
        if (this.#queued === next) this.#queued = null;
        return this.#pass();
      });
    this.#queued = next;
    this.#current = next;
    return next;
  }

  async #pass(): Promise<void> {
    if (!this.#started) await this.begin();
    for (;;) {
      const changes = await changesAfter(this.#db, this.#cursor, BATCH);
      // A gap after the cursor is usually a rolled-back transaction, but it may be rows pruned away
      // (an instance asleep longer than the retention): then what changed is unknown.
      if (changes[0]?.position !== this.#cursor + 1 && this.#cursor < (await feedFloor(this.#db))) {
        await this.#reset();
        continue;
      }
      if (changes.length === 0) return;
      for (const consumer of this.#consumers) await consumer.apply(changes);
      this.#cursor = changes[changes.length - 1]!.position;
      if (changes.length < BATCH) return;
    }
  }

  async #reset(): Promise<void> {
    const head = await feedHead(this.#db);
    for (const consumer of this.#consumers) await consumer.reset();
    this.#cursor = head;
  }

  #schedule(): void {
    if (!this.#running) return;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.catchUp()
        .catch((error: unknown) => this.#onError(error))
        .finally(() => this.#schedule());
    }, this.#pollIntervalMs);
    // The HTTP servers keep a process alive, never this timer.
    this.#timer.unref();
  }
}
