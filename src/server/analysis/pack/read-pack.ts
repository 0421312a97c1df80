import { readEntryData } from './zip-entry-data.ts';
import type { ValidatedZip } from './validate-zip.ts';

// The files of an uploaded pack, read in memory (never extracted to disk) through the structure
// validateZip accepted, so the scanner and the node-class extraction see exactly the entries,
// names and bytes that every extractor writes. This only decides what to keep.

export interface PackFile {
  path: string;
  bytes: Uint8Array;
}

export interface PackLimits {
  /** Files beyond this count are listed in `skipped`, not read. */
  maxFiles: number;
  /** A file larger than this (uncompressed) is listed in `skipped`, not read. */
  maxFileBytes: number;
}

export const DEFAULT_PACK_LIMITS: PackLimits = { maxFiles: 20_000, maxFileBytes: 8 * 1024 * 1024 };

export interface Pack {
  files: PackFile[];
  /** Paths of entries left out because of the limits, with why. */
  skipped: { path: string; reason: string }[];
}

export function readPack(archive: ValidatedZip, limits: PackLimits = DEFAULT_PACK_LIMITS): Pack {
  const skipped: Pack['skipped'] = [];
  const files: PackFile[] = [];
  for (const entry of archive.entries) {
    if (entry.name.endsWith('/')) continue;
    if (entry.size > limits.maxFileBytes) {
      skipped.push({ path: entry.name, reason: `larger than ${limits.maxFileBytes} bytes` });
    } else if (files.length >= limits.maxFiles) {
      skipped.push({ path: entry.name, reason: `beyond the first ${limits.maxFiles} files` });
    } else files.push({ path: entry.name, bytes: readEntryData(archive, entry) });
  }
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { files, skipped };
}

const decoder = new TextDecoder('utf-8', { fatal: false });

/** Source text of a Python file (a UTF-8 BOM is dropped: the grammar does not expect it). */
export function sourceText(bytes: Uint8Array): string {
  const text = decoder.decode(bytes);
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
