import type { CachedResponse, EntryCost } from './cached-response.ts';
import { SharedHeaderPool } from './shared-headers.ts';

export interface ResponseStoreStats {
  entries: number;
  bytes: number;
  maxBytes: number;
  hits: number;
  misses: number;
  /** Entries dropped because a change named one of their keys (or everything was dropped). */
  purged: number;
  /** Times a change was applied (one purge of a set of keys, or of everything). */
  invalidations: number;
  /** Where `bytes` go: the entries' parts, and the header sets they share (each counted once). */
  parts: EntryCost & { sharedHeaders: number };
  /** Distinct shared header sets held. */
  sharedHeaderSets: number;
}

/** Past this many remembered key purges, they are folded into one "everything purged" mark. */
const REMEMBERED_PURGES = 10_000;

/**
 * The memory behind the response cache: entries by request key, each tagged with the cache keys its
 * answer declared (cache-keys.ts); least recently used evicted first once the stored bytes pass
 * `maxBytes`. A change purges the entries carrying its keys (`purge`), and remembers when: a response
 * whose render started before a purge of one of its keys may not be stored after it (`set` with the
 * sequence its render started under), so nothing stale survives a change.
 */
export class ResponseStore {
  readonly maxBytes: number;
  readonly #ttlMs: number;
  readonly #now: () => number;
  // A Map iterates in insertion order: re-inserting on a hit keeps the least recently used first.
  readonly #entries = new Map<string, CachedResponse>();
  readonly #byTag = new Map<string, Set<string>>();
  /** Cache key → the sequence number of its latest purge. */
  readonly #purgedAt = new Map<string, number>();
  #everythingPurgedAt = 0;
  #sequence = 0;
  #bytes = 0;
  readonly #parts: EntryCost = { body: 0, headers: 0, key: 0, fixed: 0 };
  readonly #sharedHeaders = new SharedHeaderPool();
  #hits = 0;
  #misses = 0;
  #purged = 0;
  #invalidations = 0;

  constructor(options: { maxBytes: number; ttlMs: number; now?: () => number }) {
    this.maxBytes = options.maxBytes;
    this.#ttlMs = options.ttlMs;
    this.#now = options.now ?? Date.now;
  }

  get enabled(): boolean {
    return this.maxBytes > 0;
  }

  /** Grows with every purge; a render notes it before reading any data. */
  get generation(): number {
    return this.#sequence;
  }

  get(key: string): CachedResponse | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (this.#now() - entry.storedAt > this.#ttlMs) {
      this.#delete(key, entry);
      return undefined;
    }
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    this.#hits++;
    return entry;
  }

  /** Counts a cacheable request that had to render. */
  noteMiss(): void {
    this.#misses++;
  }

  /**
   * Stores unless one of the entry's keys was purged since `generation` was read (its render may have
   * read the data before that change), or the entry alone would take over a quarter of the memory.
   */
  set(key: string, entry: CachedResponse, generation: number): boolean {
    if (entry.bytes + entry.shared.bytes > this.maxBytes / 4 || this.#everythingPurgedAt > generation) return false;
    if (entry.tags.some((tag) => (this.#purgedAt.get(tag) ?? 0) > generation)) return false;
    const previous = this.#entries.get(key);
    if (previous) this.#delete(key, previous);
    // Equal header sets are held once: the entry points to the pooled copy.
    const { headers, added } = this.#sharedHeaders.acquire(entry.shared);
    entry.shared = headers;
    this.#entries.set(key, entry);
    this.#bytes += entry.bytes + added;
    this.#count(entry.cost, 1);
    for (const tag of entry.tags) {
      let keys = this.#byTag.get(tag);
      if (!keys) this.#byTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
    for (const [oldestKey, oldest] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break;
      this.#delete(oldestKey, oldest);
    }
    return true;
  }

  /**
   * Keeps a body derived from a stored entry (gzip or identity, for a client without brotli) with it,
   * counted in its bytes; evicts as `set` does. Nothing happens if the entry is no longer stored.
   */
  keepDerived(key: string, entry: CachedResponse, encoding: 'gzip' | 'identity', body: Buffer): void {
    if (this.#entries.get(key) !== entry || entry.derived[encoding]) return;
    entry.derived[encoding] = body;
    entry.bytes += body.length;
    entry.cost.body += body.length;
    this.#parts.body += body.length;
    this.#bytes += body.length;
    for (const [oldestKey, oldest] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break;
      this.#delete(oldestKey, oldest);
    }
  }

  /** Drops the entries that carry any of `tags` (one change in the feed); returns how many went. */
  purge(tags: Iterable<string>): number {
    const sequence = ++this.#sequence;
    this.#invalidations++;
    let dropped = 0;
    for (const tag of tags) {
      this.#purgedAt.set(tag, sequence);
      const keys = this.#byTag.get(tag);
      if (!keys) continue;
      for (const key of [...keys]) {
        const entry = this.#entries.get(key);
        if (!entry) continue;
        this.#delete(key, entry);
        dropped++;
      }
    }
    if (this.#purgedAt.size > REMEMBERED_PURGES) {
      // Bounded memory: every render in flight is treated as older than this point (it is not stored).
      this.#purgedAt.clear();
      this.#everythingPurgedAt = sequence;
    }
    this.#purged += dropped;
    return dropped;
  }

  /** Forgets everything: what changed is unknown (the feed was pruned past the follower's cursor). */
  invalidate(): void {
    this.#everythingPurgedAt = ++this.#sequence;
    this.#invalidations++;
    this.#purged += this.#entries.size;
    this.#purgedAt.clear();
    this.#entries.clear();
    this.#byTag.clear();
    this.#sharedHeaders.clear();
    this.#bytes = 0;
    Object.assign(this.#parts, { body: 0, headers: 0, key: 0, fixed: 0 });
  }

  stats(): ResponseStoreStats {
    return {
      entries: this.#entries.size,
      bytes: this.#bytes,
      maxBytes: this.maxBytes,
      hits: this.#hits,
      misses: this.#misses,
      purged: this.#purged,
      invalidations: this.#invalidations,
      parts: { ...this.#parts, sharedHeaders: this.#sharedHeaders.bytes },
      sharedHeaderSets: this.#sharedHeaders.sets,
    };
  }

  /** Adds (sign 1) or removes (-1) an entry's cost from the running parts. */
  #count(cost: EntryCost, sign: 1 | -1): void {
    const { body, headers, key, fixed } = cost;
    this.#parts.body += sign * body;
    this.#parts.headers += sign * headers;
    this.#parts.key += sign * key;
    this.#parts.fixed += sign * fixed;
  }

  #delete(key: string, entry: CachedResponse): void {
    this.#entries.delete(key);
    this.#bytes -= entry.bytes + this.#sharedHeaders.release(entry.shared);
    this.#count(entry.cost, -1);
    for (const tag of entry.tags) {
      const keys = this.#byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.#byTag.delete(tag);
    }
  }
}
