import { Buffer } from 'node:buffer';

// Which files of a pack are archives, told by their bytes rather than their names: Python's
// zipimport opens any file that ends like a zip, so `lib.dat` on sys.path works as well as
// `lib.zip`.

export type ArchiveKind = 'zip' | 'gzip' | 'tar' | 'unsupported';

const startsWith = (bytes: Uint8Array, magic: number[], at = 0) =>
  bytes.length >= at + magic.length && magic.every((byte, i) => bytes[at + i] === byte);

const SIGNATURE = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
const EOCD_SIZE = 22;
/** The end record sits in the last 22 bytes plus at most a 65 535-byte comment. */
const EOCD_SEARCH = EOCD_SIZE + 0xffff;

const u16 = (bytes: Uint8Array, at: number) => bytes[at]! | (bytes[at + 1]! << 8);

/**
 * Offset of a zip's end-of-central-directory record, or -1. The record must account for every
 * byte after it (its comment length), so four random bytes in a binary file are not taken for one.
 */
export function findEndOfCentralDirectory(bytes: Uint8Array): number {
  if (bytes.length < EOCD_SIZE) return -1;
  const lowest = Math.max(0, bytes.length - EOCD_SEARCH);
  const tail = Buffer.from(bytes.buffer, bytes.byteOffset + lowest, bytes.length - lowest);
  // Native search for the signature "PK\x05\x06", from the end (the last record is the real one).
  for (
    let at = tail.lastIndexOf(SIGNATURE, tail.length - EOCD_SIZE);
    at >= 0;
    at = tail.lastIndexOf(SIGNATURE, at - 1)
  ) {
    if (lowest + at + EOCD_SIZE + u16(bytes, lowest + at + 20) === bytes.length) return lowest + at;
    if (at === 0) break;
  }
  return -1;
}

/** Formats a node pack may carry that the scanner cannot open: reported, never passed unseen. */
const UNSUPPORTED: [string, number[]][] = [
  ['xz', [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00]],
  ['bzip2', [0x42, 0x5a, 0x68]],
  ['7z', [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]],
  ['rar', [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07]],
  ['zstd', [0x28, 0xb5, 0x2f, 0xfd]],
];

export function unsupportedFormat(bytes: Uint8Array): string | null {
  for (const [name, magic] of UNSUPPORTED) {
    // bzip2's three-byte "BZh" is followed by the block size digit and the block magic "1AY&SY".
    if (name === 'bzip2' && !(startsWith(bytes, magic) && startsWith(bytes, [0x31, 0x41, 0x59, 0x26, 0x53, 0x59], 4)))
      continue;
    if (startsWith(bytes, magic)) return name;
  }
  return null;
}

export function archiveKind(bytes: Uint8Array): ArchiveKind | null {
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06])) return 'zip';
  if (startsWith(bytes, [0x1f, 0x8b, 0x08])) return 'gzip';
  if (startsWith(bytes, [0x75, 0x73, 0x74, 0x61, 0x72], 257)) return 'tar'; // "ustar"
  if (unsupportedFormat(bytes)) return 'unsupported';
  // A zip with something in front (a .pyz's shebang line, or junk to hide the magic).
  if (bytes.length >= EOCD_SIZE && findEndOfCentralDirectory(bytes) >= 0) return 'zip';
  return null;
}
