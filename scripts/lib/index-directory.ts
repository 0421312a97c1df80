import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  applyDelta,
  catalogueFromSnapshot,
  catalogueSnapshot,
  type Catalogue,
} from '../../src/server/index-protocol/catalogue.ts';
import { canonicalJson } from '../../src/server/index-protocol/canonical-json.ts';
import { IndexSnapshotSchema } from '../../src/server/index-protocol/format.ts';
import { fetchVerifiedArchive, syncIndex, type SyncResult } from '../../src/server/index-protocol/index-client.ts';
import { publicKeyFromRaw, type PublicIndexKey } from '../../src/server/index-protocol/signatures.ts';

// `npm run index -- sync <url> <dir>`: the reference client keeping a verified copy of a registry's
// catalogue in a directory: index.json (the catalogue as a snapshot document, canonical JSON),
// state.json (upstream, pinned keys, cursor) and, with --archives, archives/<sha256>.zip.

interface DirectoryState {
  upstream: string;
  keys: string[];
  cursor: string;
}

export interface DirectorySyncOptions {
  upstream: string;
  dir: string;
  /** Raw base64 public keys to pin; default: those pinned before, else the upstream's own (trust on first use). */
  keys?: string[];
  archives?: boolean;
  fetch?: typeof fetch;
}

export interface DirectorySyncResult extends SyncResult {
  packs: number;
  versions: number;
  archivesFetched: number;
  /** The keys were taken from the upstream itself on this first sync. */
  trustedOnFirstUse: boolean;
}

async function writeAtomically(file: string, data: string | Uint8Array): Promise<void> {
  await writeFile(`${file}.tmp`, data);
  await rename(`${file}.tmp`, file);
}

async function loadState(
  dir: string,
  upstream: string,
): Promise<{ state: DirectoryState; catalogue: Catalogue } | null> {
  const stateFile = join(dir, 'state.json');
  const indexFile = join(dir, 'index.json');
  if (!existsSync(stateFile) || !existsSync(indexFile)) return null;
  const state = JSON.parse(await readFile(stateFile, 'utf8')) as DirectoryState;
  if (state.upstream !== upstream) return null;
  const snapshot = IndexSnapshotSchema.parse(JSON.parse(await readFile(indexFile, 'utf8')));
  return { state, catalogue: catalogueFromSnapshot(snapshot) };
}

async function upstreamKeys(upstream: string, fetchFn: typeof fetch): Promise<string[]> {
  const response = await fetchFn(`${upstream.replace(/\/+$/, '')}/index/v1/keys`);
  if (response.status !== 200) throw new Error(`GET /index/v1/keys answered ${response.status}.`);
  const body = (await response.json()) as { keys: { public_key: string }[] };
  return body.keys.map((key) => key.public_key);
}

/** Brings the directory up to the upstream's head: a snapshot the first time, then changes only. */
export async function syncDirectory(options: DirectorySyncOptions): Promise<DirectorySyncResult> {
  const fetchFn = options.fetch ?? fetch;
  await mkdir(options.dir, { recursive: true });
  const previous = await loadState(options.dir, options.upstream);
  const trustedOnFirstUse = !options.keys?.length && !previous;
  const rawKeys = options.keys?.length
    ? options.keys
    : (previous?.state.keys ?? (await upstreamKeys(options.upstream, fetchFn)));
  const keys: PublicIndexKey[] = rawKeys.map(publicKeyFromRaw);
  let catalogue: Catalogue | null = previous?.catalogue ?? null;
  const result = await syncIndex({
    upstream: options.upstream,
    keys,
    cursor: catalogue?.cursor ?? null,
    fetch: fetchFn,
    sink: {
      async replace(snapshot) {
        catalogue = catalogueFromSnapshot(snapshot);
      },
      async apply(delta) {
        if (!catalogue) throw new Error('changes before any snapshot');
        applyDelta(catalogue, delta);
      },
    },
  });
  const current = catalogue as Catalogue | null;
  if (!current) throw new Error('The upstream sent no snapshot.');
  current.cursor = result.cursor;
  let archivesFetched = 0;
  if (options.archives) {
    const folder = join(options.dir, 'archives');
    await mkdir(folder, { recursive: true });
    for (const version of current.versions.values()) {
      const file = join(folder, `${version.sha256}.zip`);
      if (existsSync(file)) continue;
      await writeAtomically(file, await fetchVerifiedArchive(version.download_url, version, fetchFn));
      archivesFetched += 1;
    }
  }
  await writeAtomically(join(options.dir, 'index.json'), canonicalJson(catalogueSnapshot(current)));
  await writeAtomically(
    join(options.dir, 'state.json'),
    `${JSON.stringify({ upstream: options.upstream, keys: rawKeys, cursor: result.cursor } satisfies DirectoryState, null, 2)}\n`,
  );
  return { ...result, packs: current.packs.size, versions: current.versions.size, archivesFetched, trustedOnFirstUse };
}
