import type { PopularQueryTotal, QueryObservation } from './port.ts';
import { WHOLE_LABEL, completionKeys } from './tokenizer.ts';

/**
 * The in-memory side of "popular query" completions. It never decides on its own that a query is
 * popular: it only queues who searched what (`record`, drained by the search sync into the shared
 * table) and answers completions from the totals the sync adopts (`replaceAll`), which already
 * passed the distinct-clients threshold over the time window (services/search-index/shared-queries.ts).
 *
 * Memory is bounded on both sides: the queue holds at most `maxPending` (query, client) pairs and
 * `maxPerClient` queries per client between two drains, the adopted table at most `capacity` queries.
 */

export interface PopularQuery {
  text: string;
  /** Decayed weight of the distinct clients that ran it (ranking among popular queries). */
  weight: number;
  /** WHOLE_LABEL when the whole query starts with the prefix, 1 when a later word does. */
  quality: number;
}

interface Adopted {
  text: string;
  /** completionKeys: the whole query first, then from each later word. */
  keys: string[];
  weight: number;
}

export interface PopularQueriesOptions {
  capacity?: number;
  maxPending?: number;
  maxPerClient?: number;
}

export class PopularQueries {
  readonly #adopted = new Map<string, Adopted>();
  /** Recorded since the last drainPending(): query → clients (raw keys, never written anywhere). */
  readonly #pending = new Map<string, Set<string>>();
  readonly #pendingPerClient = new Map<string, number>();
  #pendingPairs = 0;
  readonly #capacity: number;
  readonly #maxPending: number;
  readonly #maxPerClient: number;

  constructor(options: PopularQueriesOptions = {}) {
    this.#capacity = options.capacity ?? 2000;
    this.#maxPending = options.maxPending ?? 10_000;
    this.#maxPerClient = options.maxPerClient ?? 20;
  }

  /** Adopted popular queries. */
  get size(): number {
    return this.#adopted.size;
  }

  /** (query, client) pairs waiting for the next drain. */
  get pendingSize(): number {
    return this.#pendingPairs;
  }

  /**
   * Queues one search by one client. `text` must already be normalised and checked by the caller
   * (MiniSearchIndex.recordQuery); a client counts once per query, however often it repeats it.
   */
  record(text: string, client: string): void {
    const clients = this.#pending.get(text);
    if (clients?.has(client)) return;
    const perClient = this.#pendingPerClient.get(client) ?? 0;
    // One client cannot fill the queue (nor the shared table) with a flood of different texts.
    if (perClient >= this.#maxPerClient || this.#pendingPairs >= this.#maxPending) return;
    if (clients) clients.add(client);
    else this.#pending.set(text, new Set([client]));
    this.#pendingPerClient.set(client, perClient + 1);
    this.#pendingPairs++;
  }

  /** Hands over (and forgets) what was recorded since the last call. */
  drainPending(): QueryObservation[] {
    const drained: QueryObservation[] = [];
    for (const [text, clients] of this.#pending) for (const client of clients) drained.push({ text, client });
    this.#pending.clear();
    this.#pendingPerClient.clear();
    this.#pendingPairs = 0;
    return drained;
  }

  /** Adopts the shared popular queries (heaviest first), replacing the previous ones. */
  replaceAll(totals: readonly PopularQueryTotal[]): void {
    this.#adopted.clear();
    for (const { text, weight } of totals) {
      if (this.#adopted.size >= this.#capacity) break;
      const keys = completionKeys(text);
      if (keys.length === 0 || this.#adopted.has(text)) continue;
      this.#adopted.set(text, { text, keys, weight });
    }
  }

  /**
   * Popular queries matching a normalized prefix key (an empty prefix lists the heaviest ones),
   * best first; `accept` is asked about each candidate, in that order, until `limit` are accepted.
   */
  complete(prefixKey: string, limit: number, accept: (text: string) => boolean = () => true): PopularQuery[] {
    const found: PopularQuery[] = [];
    for (const entry of this.#adopted.values()) {
      const quality = matchQuality(entry, prefixKey);
      if (quality > 0) found.push({ text: entry.text, weight: entry.weight, quality });
    }
    found.sort((a, b) => b.quality - a.quality || b.weight - a.weight || (a.text < b.text ? -1 : 1));
    const accepted: PopularQuery[] = [];
    for (const query of found) {
      if (accepted.length >= limit) break;
      if (accept(query.text)) accepted.push(query);
    }
    return accepted;
  }
}

function matchQuality(entry: Adopted, prefixKey: string): number {
  if (prefixKey.length === 0 || entry.keys[0]?.startsWith(prefixKey)) return WHOLE_LABEL;
  return entry.keys.some((key) => key.startsWith(prefixKey)) ? 1 : 0;
}
