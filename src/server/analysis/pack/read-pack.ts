import { unzipSync } from 'fflate';

// The files of an uploaded pack, read from the zip in memory (never extracted to disk). The zip
// has already passed validateZip (sizes, entry count, paths), so this only decides what to keep.

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

export function readPack(zip: Uint8Array, limits: PackLimits = DEFAULT_PACK_LIMITS): Pack {
  const skipped: Pack['skipped'] = [];
  let kept = 0;
  const entries = unzipSync(zip, {
    filter(file) {
      if (file.name.endsWith('/')) return false;
      if (file.originalSize > limits.maxFileBytes) {
        skipped.push({ path: file.name, reason: `larger than ${limits.maxFileBytes} bytes` });
        return false;
      }
      if (kept >= limits.maxFiles) {
        skipped.push({ path: file.name, reason: `beyond the first ${limits.maxFiles} files` });
        return false;
      }
      kept += 1;
      return true;
    },
  });
  const files = Object.entries(entries)
    .map(([path, bytes]) => ({ path, bytes }))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { files, skipped };
}

const decoder = new TextDecoder('utf-8', { fatal: false });

/** Source text of a Python file (a UTF-8 BOM is dropped: the grammar does not expect it). */
export function sourceText(bytes: Uint8Array): string {
  const text = decoder.decode(bytes);
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
