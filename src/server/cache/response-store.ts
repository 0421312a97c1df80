import type { CachedResponse } from './cached-response.ts';

export interface ResponseStoreStats {
  entries: number;
  bytes: number;
  maxBytes: number;
  hits: number;
  misses: number;
  invalidations: number;
}

/**
 * The memory behind the response cache: entries by key, least recently used evicted first once the
 * stored bytes pass `maxBytes`. Any change to the data empties it at once (`invalidate`), and bumps a
 * generation: a response rendered from data read before the change may not be stored after it
 * (`set` with the generation its render started under), so nothing stale survives an invalidation.
 */
export class ResponseStore {
  readonly maxBytes: number;
  readonly #ttlMs: number;
  readonly #now: () => number;
  // A Map iterates in insertion order: re-inserting on a hit keeps the least recently used first.
  readonly #entries = new Map<string, CachedResponse>();
  #bytes = 0;
  #generation = 0;
  #hits = 0;
  #misses = 0;
  #invalidations = 0;

  constructor(options: { maxBytes: number; ttlMs: number; now?: () => number }) {
    this.maxBytes = options.maxBytes;
    this.#ttlMs = options.ttlMs;
    this.#now = options.now ?? Date.now;
  }

  get enabled(): boolean {
    return this.maxBytes > 0;
  }

  /** Changes with every invalidation; a render notes it before reading any data. */
  get generation(): number {
    return this.#generation;
  }

  get(key: string): CachedResponse | undefined {
    const entry = this.#entries.get(key);
    if (!entry) {
      this.#misses++;
      return undefined;
    }
    if (this.#now() - entry.storedAt > this.#ttlMs) {
      this.#delete(key, entry);
      this.#misses++;
      return undefined;
    }
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    this.#hits++;
    return entry;
  }

  /** Stores unless the data changed since `generation` was read, or the entry alone would not fit. */
  set(key: string, entry: CachedResponse, generation: number): boolean {
    if (generation !== this.#generation || entry.bytes > this.maxBytes / 4) return false;
    const previous = this.#entries.get(key);
    if (previous) this.#delete(key, previous);
    this.#entries.set(key, entry);
    this.#bytes += entry.bytes;
    for (const [oldestKey, oldest] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break;
      this.#delete(oldestKey, oldest);
    }
    return true;
  }

  /** Forgets everything: called for every change anywhere that may alter a cached response. */
  invalidate(): void {
    this.#generation++;
    this.#invalidations++;
    this.#entries.clear();
    this.#bytes = 0;
  }

  stats(): ResponseStoreStats {
    return {
      entries: this.#entries.size,
      bytes: this.#bytes,
      maxBytes: this.maxBytes,
      hits: this.#hits,
      misses: this.#misses,
      invalidations: this.#invalidations,
    };
  }

  #delete(key: string, entry: CachedResponse): void {
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }
}
