import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { AppDeps } from '../../app-deps.ts';
import { brotliOptions } from '../../cache/brotli-options.ts';
import { feedHead } from '../change-feed/feed.ts';
import { buildSnapshot } from './build-snapshot.ts';
import type { SignedDocument } from './signed-document.ts';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** A snapshot with its bodies in every encoding, made once per position of the change feed. */
export interface EncodedSnapshot extends SignedDocument {
  encoded: { identity: Buffer; gzip: Buffer; br: Buffer };
}

interface CacheState {
  current?: EncodedSnapshot;
  building?: Promise<EncodedSnapshot> | undefined;
}

// Per composed AppDeps (one per server; one per test file), never shared between databases.
const states = new WeakMap<object, CacheState>();

export async function encodeSnapshot(document: SignedDocument): Promise<EncodedSnapshot> {
  // Compressed once per state and served many times. Brotli 5 in a window that holds the snapshot (up
  // to 16 MB): the corpus-sized snapshot (3.3 MB) comes to ~730 KB in well under a second; quality 11
  // saves another ~100 KB but takes ~20 s, too long for a rebuild after every change
  // (bench/index-sync.ts prints both parts).
  const [br, gz] = await Promise.all([
    brotliAsync(document.body, brotliOptions(5, document.body.length, constants.BROTLI_MAX_WINDOW_BITS)),
    gzipAsync(document.body, { level: 9 }),
  ]);
  return { ...document, encoded: { identity: document.body, gzip: gz, br } };
}

/**
 * The snapshot of the registry as it is now: one database round trip (the feed's head) when nothing
 * changed since the last one was built; otherwise one build, shared by every request that waits for it.
 */
export async function currentSnapshot(
  services: Pick<AppDeps, 'db' | 'config' | 'indexKeys'>,
): Promise<EncodedSnapshot> {
  let state = states.get(services);
  if (!state) {
    state = {};
    states.set(services, state);
  }
  const head = await feedHead(services.db);
  for (;;) {
    if (state.current && state.current.cursor >= head) return state.current;
    let building = state.building;
    if (!building) {
      const cache = state;
      building = cache.building = buildSnapshot(services)
        .then(encodeSnapshot)
        .then((built) => {
          if (!cache.current || built.cursor >= cache.current.cursor) cache.current = built;
          return built;
        })
        .finally(() => {
          cache.building = undefined;
        });
    }
    const built = await building;
    // A build that started before this request's change had committed is not enough: build again.
    if (built.cursor >= head) return built;
  }
}
