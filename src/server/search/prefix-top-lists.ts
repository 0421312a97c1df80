/**
 * Ranked prefix look-up over (entry, key, score) items, for completions.
 *
 * - For every prefix of up to `maxPrefix` characters, a top list of the best `capacity` items whose key
 *   starts with it. Short prefixes ("c", "lo", "comf") reach thousands of labels; a ready top list keeps them
 *   as fast as long ones.
 * - Every item also sits in one bucket, by the first `maxPrefix` characters of its key. A longer prefix that
 *   its top list cannot satisfy scans that one bucket, never the whole vocabulary.
 *
 * A top list that had to drop items is `truncated`. Removing an item from it leaves it unable to say what
 * comes next, so it turns `stale` and is rebuilt from the buckets on its next use (rare: it takes removing
 * one of the best labels of that prefix).
 */

export interface TopItem<E> {
  entry: E;
  key: string;
  score: number;
}

interface TopList<E> {
  items: TopItem<E>[];
  truncated: boolean;
  stale: boolean;
}

export class PrefixTopLists<E> {
  readonly #lists = new Map<string, TopList<E>>();
  readonly #buckets = new Map<string, TopItem<E>[]>();
  readonly #maxPrefix: number;
  readonly #capacity: number;

  constructor(maxPrefix: number, capacity: number) {
    this.#maxPrefix = maxPrefix;
    this.#capacity = capacity;
  }

  add(entry: E, key: string, score: number): void {
    const item = { entry, key, score };
    const head = key.slice(0, this.#maxPrefix);
    const bucket = this.#buckets.get(head);
    if (bucket) bucket.push(item);
    else this.#buckets.set(head, [item]);
    for (let length = 1; length <= head.length; length++) {
      const prefix = key.slice(0, length);
      let list = this.#lists.get(prefix);
      if (!list) {
        list = { items: [], truncated: false, stale: false };
        this.#lists.set(prefix, list);
      }
      this.#insert(list, item);
    }
  }

  remove(entry: E, key: string): void {
    const head = key.slice(0, this.#maxPrefix);
    const bucket = this.#buckets.get(head)?.filter((item) => item.entry !== entry || item.key !== key);
    if (bucket && bucket.length > 0) this.#buckets.set(head, bucket);
    else this.#buckets.delete(head);
    for (let length = 1; length <= head.length; length++) {
      const prefix = key.slice(0, length);
      const list = this.#lists.get(prefix);
      if (!list) continue;
      const at = list.items.findIndex((item) => item.entry === entry && item.key === key);
      if (at < 0) continue;
      list.items.splice(at, 1);
      if (list.truncated) list.stale = true;
      else if (list.items.length === 0) this.#lists.delete(prefix);
    }
  }

  /**
   * Items whose key starts with `prefix`, best first (pull only what you need). Up to maxPrefix characters
   * this is the top list (at most `capacity` items); a longer prefix continues into its bucket when the list
   * runs out.
   */
  *ranked(prefix: string): Generator<TopItem<E>> {
    const head = prefix.slice(0, this.#maxPrefix);
    let list = this.#lists.get(head);
    if (!list) return;
    if (list.stale) list = this.#rebuild(head);
    const given = new Set<TopItem<E>>();
    for (const item of list.items) {
      if (!item.key.startsWith(prefix)) continue;
      given.add(item);
      yield item;
    }
    if (!list.truncated || prefix.length <= this.#maxPrefix) return;
    const rest = (this.#buckets.get(head) ?? []).filter((item) => !given.has(item) && item.key.startsWith(prefix));
    yield* rest.sort((a, b) => (ranksBefore(a, b) ? -1 : 1));
  }

  #rebuild(prefix: string): TopList<E> {
    const list: TopList<E> = { items: [], truncated: false, stale: false };
    for (const [head, bucket] of this.#buckets) {
      if (!head.startsWith(prefix)) continue;
      for (const item of bucket) this.#insert(list, item);
    }
    this.#lists.set(prefix, list);
    return list;
  }

  #insert(list: TopList<E>, item: TopItem<E>): void {
    const { items } = list;
    const last = items[items.length - 1];
    if (items.length >= this.#capacity && last && !ranksBefore(item, last)) {
      list.truncated = true;
      return;
    }
    let low = 0;
    let high = items.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (ranksBefore(item, items[mid] as TopItem<E>)) high = mid;
      else low = mid + 1;
    }
    items.splice(low, 0, item);
    if (items.length > this.#capacity) {
      items.pop();
      list.truncated = true;
    }
  }
}

/** Higher score first, then shorter key, then alphabetical: a total order, so lists are deterministic. */
function ranksBefore<E>(a: TopItem<E>, b: TopItem<E>): boolean {
  if (a.score !== b.score) return a.score > b.score;
  if (a.key.length !== b.key.length) return a.key.length < b.key.length;
  return a.key < b.key;
}
