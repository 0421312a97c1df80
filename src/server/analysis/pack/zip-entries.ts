import { readEntryData } from './zip-entry-data.ts';
import { readZipLayout, type ZipLayout, type ZipLayoutEntry } from './zip-layout.ts';
import { ZipRuleError } from './zip-rule.ts';

// Reads the entries of a zip found INSIDE a pack (a bundled lib.zip, a wheel, an egg) through the
// same structural reading as the uploaded zip (zip-layout.ts). A nested zip that reading refuses
// (bytes in front, such as a .pyz's shebang line; two directories; a lying header) could show
// Python's zipimport other entries than the scanner, so it is reported as unreadable, which holds
// the version for a human, instead of being read one of several ways. Entries are read lazily:
// one corrupt entry is reported on its own.

export interface ZipEntryInfo {
  name: string;
  /** Bytes stored in the archive. */
  stored: number;
  /** Bytes once inflated, as declared (checked when read). */
  size: number;
}

export interface ZipEntryReader {
  entries: ZipEntryInfo[];
  /** The inflated bytes of one entry; throws when the entry is corrupt or lies about its size. */
  read(entry: ZipEntryInfo): Uint8Array;
}

export class UnreadableArchive extends Error {}

interface Located extends ZipEntryInfo {
  entry: ZipLayoutEntry;
}

const unreadable = (error: unknown) =>
  error instanceof ZipRuleError ? new UnreadableArchive(error.message) : (error as Error);

export function openZip(bytes: Uint8Array): ZipEntryReader {
  let layout: ZipLayout;
  try {
    layout = readZipLayout(bytes);
  } catch (error) {
    throw unreadable(error);
  }
  const entries: Located[] = layout.entries.map((entry) => ({
    name: entry.name,
    stored: entry.compressedSize,
    size: entry.size,
    entry,
  }));
  const read = (info: ZipEntryInfo): Uint8Array => {
    try {
      return readEntryData(layout, (info as Located).entry);
    } catch (error) {
      throw unreadable(error);
    }
  };
  return { entries, read };
}
