import { readZipLayout } from '../../analysis/pack/zip-layout.ts';

// Files added, removed and changed between two archives, from their central directories only
// (name, CRC-32 and size of each entry): nothing is inflated, so comparing two large packs costs
// two header reads. Both archives passed the strict reader at upload, so the names are the ones
// every extractor sees.

export interface EntryFacts {
  crc32: number;
  size: number;
}

/** Names listed per kind of change: enough for a reader, bounded for a pack of 20 000 files. */
export const MAX_LISTED_FILES = 500;

export interface FileChanges {
  added: number;
  removed: number;
  changed: number;
  unchanged: number;
  added_files: string[];
  removed_files: string[];
  changed_files: string[];
  /** True when a list above stops at MAX_LISTED_FILES (the counts are still complete). */
  truncated: boolean;
}

/** The files of a stored zip (folders left out), or null when its bytes are not a readable zip. */
export function archiveEntries(bytes: Uint8Array): Map<string, EntryFacts> | null {
  try {
    const layout = readZipLayout(bytes);
    const entries = new Map<string, EntryFacts>();
    for (const entry of layout.entries) {
      if (!entry.name.endsWith('/')) entries.set(entry.name, { crc32: entry.crc32, size: entry.size });
    }
    return entries;
  } catch {
    return null;
  }
}

export function compareEntries(from: Map<string, EntryFacts>, to: Map<string, EntryFacts>): FileChanges {
  const added: string[] = [];
  const removed: string[] = [];
  const changed: string[] = [];
  let unchanged = 0;
  for (const [name, facts] of to) {
    const before = from.get(name);
    if (!before) added.push(name);
    else if (before.crc32 !== facts.crc32 || before.size !== facts.size) changed.push(name);
    else unchanged += 1;
  }
  for (const name of from.keys()) if (!to.has(name)) removed.push(name);
  const list = (names: string[]) => names.sort().slice(0, MAX_LISTED_FILES);
  return {
    added: added.length,
    removed: removed.length,
    changed: changed.length,
    unchanged,
    added_files: list(added),
    removed_files: list(removed),
    changed_files: list(changed),
    truncated: [added, removed, changed].some((names) => names.length > MAX_LISTED_FILES),
  };
}
