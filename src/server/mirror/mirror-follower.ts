import type { AppDeps } from '../app-deps.ts';
import { fetchVerifiedArchive, IndexRefused, syncIndex, type IndexSink } from '../index-protocol/index-client.ts';
import type { PublicIndexKey } from '../index-protocol/signatures.ts';
import type { Logger } from '../ops/logger.ts';
import {
  applyIndexDelta,
  missingArchives,
  replaceWithSnapshot,
  savedMirrorCursor,
  storeMirroredArchive,
} from '../services/mirror/mirror-store.ts';

// A read-only mirror follows its upstream's signed index (MIRROR_UPSTREAM): the snapshot at start,
// then the changes every MIRROR_POLL_SECONDS, every document verified against the pinned keys before
// anything is written; then it fetches the zips it lacks, each checked against the index's sha256.
// Whatever fails (the upstream down, a bad signature, a tampered zip) is logged and tried again next
// round; the mirror keeps serving what it has. The cursor and the zips' URLs live in the database,
// written with each document's rows: a restarted mirror asks for the changes since its saved cursor
// (a snapshot only when it has none, or the upstream answers 410), and serves meanwhile.

export interface MirrorOptions {
  upstream: string;
  keys: PublicIndexKey[];
  pollMs: number;
  logger: Logger;
  fetch?: typeof fetch;
}

export interface RunningMirror {
  /** One round now (tests and the first round at start): sync, then fetch missing archives. */
  syncNow(): Promise<void>;
  /** Where this mirror is in the upstream's change feed (null before the first snapshot). */
  cursor(): string | null;
  close(): Promise<void>;
}

const ARCHIVE_CONCURRENCY = 4;

export function startMirror(services: AppDeps, options: MirrorOptions): RunningMirror {
  const fetchFn = options.fetch ?? fetch;
  const source = { upstream: options.upstream };
  // Undefined until read from the database (the first round reads it).
  let cursor: string | null | undefined;
  const sink: IndexSink = {
    async replace(snapshot) {
      await replaceWithSnapshot(services, snapshot, source);
      cursor = snapshot.cursor;
    },
    async apply(delta) {
      await applyIndexDelta(services, delta, source);
      cursor = delta.cursor;
    },
  };

  const refused = (error: unknown) => {
    if (error instanceof IndexRefused) {
      options.logger.error(
        { upstream: options.upstream, reason: error.reason, detail: error.message },
        'mirror refused upstream data',
      );
      return true;
    }
    return false;
  };

  async function fetchArchives(): Promise<void> {
    const missing = (await missingArchives(services.db)).filter((archive) => archive.url !== null);
    let next = 0;
    const worker = async () => {
      while (next < missing.length) {
        const archive = missing[next++]!;
        try {
          const bytes = await fetchVerifiedArchive(archive.url!, archive, fetchFn);
          await storeMirroredArchive(services, archive, bytes);
        } catch (error) {
          if (!refused(error)) {
            options.logger.warn(
              { upstream: options.upstream, pack: archive.pack, version: archive.version, err: String(error) },
              'mirror could not fetch an archive; retrying next round',
            );
          }
        }
      }
    };
    await Promise.all(Array.from({ length: ARCHIVE_CONCURRENCY }, worker));
  }

  let running: Promise<void> | null = null;
  const round = async () => {
    try {
      cursor ??= await savedMirrorCursor(services.db, options.upstream);
      await syncIndex({ upstream: options.upstream, keys: options.keys, cursor, sink, fetch: fetchFn });
    } catch (error) {
      if (!refused(error))
        options.logger.warn(
          { upstream: options.upstream, err: String(error) },
          'mirror could not reach its upstream; serving what it has',
        );
    }
    await fetchArchives();
  };
  const syncNow = () => {
    running ??= round().finally(() => {
      running = null;
    });
    return running;
  };

  let closed = false;
  let timer: NodeJS.Timeout | null = null;
  const schedule = () => {
    if (closed) return;
    timer = setTimeout(() => {
      void syncNow().finally(schedule);
    }, options.pollMs);
    timer.unref();
  };
  void syncNow().finally(schedule);

  return {
    syncNow,
    cursor: () => cursor ?? null,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
