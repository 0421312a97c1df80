import { crc32, inflateRawSync } from 'node:zlib';
import { findEndOfCentralDirectory } from './archive-kind.ts';

// Reads the entries of a zip found INSIDE a pack (a bundled lib.zip, a wheel, an egg). Unlike the
// uploaded zip itself, nothing has checked it yet, so nothing in its headers is trusted: every
// entry is inflated with a hard output cap (its declared size), then its length and CRC-32 are
// compared with what the directory claims. A zip with bytes in front of it (a .pyz's shebang
// line) is read the way Python's zipimport reads it, from its end record.

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

const u16 = (b: Uint8Array, at: number) => {
  if (at + 2 > b.length) throw new UnreadableArchive('truncated header');
  return b[at]! | (b[at + 1]! << 8);
};
const u32 = (b: Uint8Array, at: number) => {
  if (at + 4 > b.length) throw new UnreadableArchive('truncated header');
  return (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)) >>> 0;
};

const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const decoder = new TextDecoder('utf-8', { fatal: false });

interface Located extends ZipEntryInfo {
  method: number;
  crc: number;
  localOffset: number;
}

export function openZip(bytes: Uint8Array): ZipEntryReader {
  const end = findEndOfCentralDirectory(bytes);
  if (end < 0) throw new UnreadableArchive('no end-of-central-directory record');
  const count = u16(bytes, end + 10);
  const directorySize = u32(bytes, end + 12);
  const directoryOffset = u32(bytes, end + 16);
  if (count === 0xffff || directoryOffset === 0xffffffff) throw new UnreadableArchive('zip64 is not supported');
  // Bytes in front of the zip shift every offset by the same amount (zipimport allows it).
  const shift = end - directorySize - directoryOffset;
  if (shift < 0) throw new UnreadableArchive('central directory out of range');
  const located: Located[] = [];
  let at = shift + directoryOffset;
  for (let i = 0; i < count; i += 1) {
    if (u32(bytes, at) !== CENTRAL) throw new UnreadableArchive('bad central directory entry');
    const flags = u16(bytes, at + 8);
    const nameLength = u16(bytes, at + 28);
    const name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    if (flags & 1) throw new UnreadableArchive(`entry "${name}" is encrypted`);
    located.push({
      name,
      method: u16(bytes, at + 10),
      crc: u32(bytes, at + 16),
      stored: u32(bytes, at + 20),
      size: u32(bytes, at + 24),
      localOffset: shift + u32(bytes, at + 42),
    });
    at += 46 + nameLength + u16(bytes, at + 30) + u16(bytes, at + 32);
  }
  const read = (info: ZipEntryInfo): Uint8Array => {
    const entry = info as Located;
    const local = entry.localOffset;
    if (u32(bytes, local) !== LOCAL) throw new UnreadableArchive(`entry "${entry.name}" has no local header`);
    const start = local + 30 + u16(bytes, local + 26) + u16(bytes, local + 28);
    if (start + entry.stored > bytes.length) throw new UnreadableArchive(`entry "${entry.name}" is truncated`);
    const raw = bytes.subarray(start, start + entry.stored);
    let data: Uint8Array;
    if (entry.method === 0) data = raw;
    else if (entry.method === 8) {
      try {
        // The cap makes a lying size cost at most what it declared, never gigabytes.
        data = inflateRawSync(raw, { maxOutputLength: Math.max(entry.size, 1) });
      } catch (error) {
        throw new UnreadableArchive(
          `entry "${entry.name}" is corrupt or larger than declared (${(error as Error).message})`,
        );
      }
    } else throw new UnreadableArchive(`entry "${entry.name}" uses compression method ${entry.method}`);
    if (data.length !== entry.size || crc32(data) >>> 0 !== entry.crc) {
      throw new UnreadableArchive(`entry "${entry.name}" fails its size or CRC-32 check`);
    }
    return data;
  };
  return { entries: located, read };
}
