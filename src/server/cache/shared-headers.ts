// Most of a cached answer's headers are the same on every answer of its kind: the content type, the
// Cache-Control, the security headers and, on pages, a Content-Security-Policy of about 1.1 KB. Kept
// per entry they cost a tenth of a node page's memory; kept once per distinct set (this pool), an
// entry keeps only what is its own (ETag, cache keys). The pool counts a set's bytes while at least
// one stored entry uses it, so the cache's bound still covers every byte it holds.

/** Headers with these names describe one resource: an entry keeps them itself, never in a shared set. */
export const OWN_HEADERS = new Set([
  'etag',
  'last-modified',
  'expires',
  'content-location',
  'surrogate-key',
  'cache-tag',
]);

/** Headers a 304 repeats (RFC 9110 §15.4.5) that may sit in a shared set. */
const NOT_MODIFIED_KEEPS = new Set(['cache-control', 'vary']);

/** A set of headers (flat name/value list, names lower-case) that many entries may point to. */
export interface SharedHeaders {
  /** Identity of the set: equal lists have equal ids. */
  readonly id: string;
  readonly list: readonly string[];
  /** The part of `list` a 304 repeats. */
  readonly notModified: readonly string[];
  /** Memory the set holds, roughly: its Latin-1 strings and the id (one byte a character each), slots. */
  readonly bytes: number;
}

export function sharedHeaders(list: readonly string[]): SharedHeaders {
  const id = list.join('\n');
  const notModified: string[] = [];
  for (let i = 0; i < list.length; i += 2) {
    if (NOT_MODIFIED_KEEPS.has(list[i]!)) notModified.push(list[i]!, list[i + 1]!);
  }
  return { id, list, notModified, bytes: id.length * 2 + list.length * 8 + 128 };
}

/** The distinct header sets stored entries use, each held once and counted while it has users. */
export class SharedHeaderPool {
  readonly #sets = new Map<string, { headers: SharedHeaders; users: number }>();
  #bytes = 0;

  /**
   * Registers one more user of `headers`: returns the pooled copy to keep (the one already held when
   * an equal set is, so equal sets share one copy in memory) and the bytes newly held (0 if it was).
   */
  acquire(headers: SharedHeaders): { headers: SharedHeaders; added: number } {
    const held = this.#sets.get(headers.id);
    if (held) {
      held.users++;
      return { headers: held.headers, added: 0 };
    }
    this.#sets.set(headers.id, { headers, users: 1 });
    this.#bytes += headers.bytes;
    return { headers, added: headers.bytes };
  }

  /** One user fewer; returns the bytes freed (the set's size when that was its last user, else 0). */
  release(headers: SharedHeaders): number {
    const held = this.#sets.get(headers.id);
    if (!held || --held.users > 0) return 0;
    this.#sets.delete(headers.id);
    this.#bytes -= headers.bytes;
    return headers.bytes;
  }

  clear(): void {
    this.#sets.clear();
    this.#bytes = 0;
  }

  get sets(): number {
    return this.#sets.size;
  }

  get bytes(): number {
    return this.#bytes;
  }
}
