import type { Clock } from '../clock.ts';

// The image endpoint's memory: results (and failures) by request key, bounded in bytes and in
// time. Each entry is charged what it really holds in the heap, not just its body: the key (one or
// two bytes a character, as V8 stores the string), the body, the header values, and a fixed charge
// for the bookkeeping around them (the Map slot, the entry object, the Buffer object). A refused
// URL with a 2 KB key is charged ~2.6 KB, so the byte bound also bounds the number of entries.
// Expired entries go when they are next asked for, and a bounded sweep on every insertion walks the
// rest a few at a time, so entries nobody asks for again do not stay until they are evicted.

/**
 * Bookkeeping of one entry in bytes: measured at ~230 (Map slot, entry object, string header) plus
 * ~190 for a body's own Buffer object (Node 24, `--expose-gc` heap deltas); rounded up.
 */
export const ENTRY_OVERHEAD_BYTES = 512;
/** Entries the sweep looks at per insertion. */
const SWEEP_BUDGET = 32;

export interface CachedImage {
  status: number;
  body: Buffer;
  contentType: string;
  /** Epoch milliseconds (the injected clock's) after which the entry is gone. */
  expiresAt: number;
  /** The fixed reason of a failure (image-errors.ts). */
  reason?: string;
}

interface Slot {
  image: CachedImage;
  bytes: number;
}

const stringBytes = (text: string) => (/[\u0100-\uffff]/.test(text) ? 2 : 1) * text.length;

/** What an entry costs in memory (see the comment at the top). */
export function entryBytes(key: string, image: CachedImage): number {
  return (
    ENTRY_OVERHEAD_BYTES +
    stringBytes(key) +
    image.body.length +
    stringBytes(image.contentType) +
    (image.reason ? stringBytes(image.reason) : 0)
  );
}

export interface ImageCache {
  get(key: string): CachedImage | undefined;
  set(key: string, image: CachedImage): void;
  stats(): { entries: number; bytes: number };
}

export function createImageCache(options: { maxBytes: number; clock: Clock }): ImageCache {
  // Map order is the eviction order: least recently used first (a hit moves its entry to the end).
  const slots = new Map<string, Slot>();
  let bytes = 0;
  let cursor: MapIterator<[string, Slot]> | null = null;
  const now = () => options.clock.now().getTime();

  const remove = (key: string, slot: Slot) => {
    slots.delete(key);
    bytes -= slot.bytes;
  };

  /** Looks at the next few entries (wrapping around) and drops the expired ones. */
  const sweep = (at: number) => {
    for (let looked = 0; looked < SWEEP_BUDGET && slots.size > 0; looked++) {
      cursor ??= slots.entries();
      const next = cursor.next();
      if (next.done) {
        cursor = null;
        continue;
      }
      const [key, slot] = next.value;
      if (slot.image.expiresAt <= at) remove(key, slot);
    }
  };

  return {
    get(key) {
      const slot = slots.get(key);
      if (!slot) return undefined;
      remove(key, slot);
      if (slot.image.expiresAt <= now()) return undefined;
      slots.set(key, slot);
      bytes += slot.bytes;
      return slot.image;
    },
    set(key, image) {
      const old = slots.get(key);
      if (old) remove(key, old);
      sweep(now());
      const size = entryBytes(key, image);
      if (size > options.maxBytes) return;
      slots.set(key, { image, bytes: size });
      bytes += size;
      for (const [oldest, slot] of slots) {
        if (bytes <= options.maxBytes) break;
        remove(oldest, slot);
      }
    },
    stats: () => ({ entries: slots.size, bytes }),
  };
}
