import { WHOLE_LABEL, completionKeys } from './tokenizer.ts';

/**
 * Counts of the queries people ran, for "popular query" completions. Memory is bounded: once the table holds
 * twice `capacity` entries it is cut back to the `capacity` most counted (most recent first on ties), so a
 * burst of one-off queries cannot grow it and steady favourites survive.
 */

export interface PopularQuery {
  text: string;
  count: number;
  /** WHOLE_LABEL when the whole query starts with the prefix, 1 when a later word does. */
  quality: number;
}

interface Counted {
  text: string;
  /** completionKeys: the whole query first, then from each later word. */
  keys: string[];
  count: number;
  lastSeen: number;
}

const MIN_LENGTH = 2;
const MAX_LENGTH = 80;

export function normalizeQueryText(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}

export class PopularQueries {
  readonly #counts = new Map<string, Counted>();
  /** Recorded since the last drainPending(): what this instance has not yet shared. */
  readonly #pending = new Map<string, number>();
  readonly #capacity: number;
  /** A query typed once is noise (and could be personal); suggest only what several searches shared. */
  readonly #minCount: number;
  #clock = 0;

  constructor(options: { capacity?: number; minCount?: number } = {}) {
    this.#capacity = options.capacity ?? 1000;
    this.#minCount = options.minCount ?? 2;
  }

  get size(): number {
    return this.#counts.size;
  }

  record(text: string): void {
    const normalized = normalizeQueryText(text);
    if (normalized.length < MIN_LENGTH || normalized.length > MAX_LENGTH) return;
    const keys = completionKeys(normalized);
    if (keys.length === 0) return;
    this.#clock++;
    this.#pending.set(normalized, (this.#pending.get(normalized) ?? 0) + 1);
    const existing = this.#counts.get(normalized);
    if (existing) {
      existing.count++;
      existing.lastSeen = this.#clock;
      return;
    }
    this.#counts.set(normalized, { text: normalized, keys, count: 1, lastSeen: this.#clock });
    if (this.#counts.size >= 2 * this.#capacity) this.#prune();
  }

  /** Hands over (and forgets) the counts recorded since the last call. */
  drainPending(): Array<{ text: string; count: number }> {
    const drained = [...this.#pending].map(([text, count]) => ({ text, count }));
    this.#pending.clear();
    return drained;
  }

  /**
   * Adopts shared totals (all instances' counts, already including what this one drained), keeping
   * what was recorded here since the drain on top.
   */
  replaceAll(totals: Array<{ text: string; count: number }>): void {
    this.#counts.clear();
    for (const { text, count } of totals.slice(0, 2 * this.#capacity)) {
      const normalized = normalizeQueryText(text);
      const keys = completionKeys(normalized);
      if (keys.length === 0) continue;
      const local = this.#pending.get(normalized) ?? 0;
      this.#counts.set(normalized, { text: normalized, keys, count: count + local, lastSeen: ++this.#clock });
    }
  }

  /** Counted queries matching a normalized prefix key; an empty prefix lists the most popular ones. */
  complete(prefixKey: string, limit: number): PopularQuery[] {
    const found: PopularQuery[] = [];
    for (const entry of this.#counts.values()) {
      if (entry.count < this.#minCount) continue;
      const quality = matchQuality(entry, prefixKey);
      if (quality > 0) found.push({ text: entry.text, count: entry.count, quality });
    }
    found.sort((a, b) => b.quality - a.quality || b.count - a.count || (a.text < b.text ? -1 : 1));
    return found.slice(0, limit);
  }

  #prune(): void {
    const kept = [...this.#counts.values()]
      .sort((a, b) => b.count - a.count || b.lastSeen - a.lastSeen)
      .slice(0, this.#capacity);
    this.#counts.clear();
    for (const entry of kept) this.#counts.set(entry.text, entry);
  }
}

function matchQuality(entry: Counted, prefixKey: string): number {
  if (prefixKey.length === 0 || entry.keys[0]?.startsWith(prefixKey)) return WHOLE_LABEL;
  return entry.keys.some((key) => key.startsWith(prefixKey)) ? 1 : 0;
}
