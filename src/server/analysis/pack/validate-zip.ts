import { Buffer } from 'node:buffer';
import type { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import yauzl from 'yauzl';
import { compressionRatioProblem } from './compression-ratio.ts';

// Checks an uploaded node archive before anything is stored. ComfyUI-Manager extracts it straight
// into custom_nodes/<id>/, so every entry must stay inside that folder, be a plain file or folder,
// and the whole thing must inflate to a bounded size with a believable compression ratio (zip
// bombs). Works on bytes in memory only.

export interface ZipLimits {
  maxEntries: number;
  /** Cap on the sum of the entries' sizes, declared and actually inflated. */
  maxUncompressedBytes: number;
}

export type ZipCheck =
  { ok: true; entries: number; uncompressedBytes: number } | { ok: false; message: string; entry?: string };

const MAX_NAME_BYTES = 1024;
const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
const S_IFLNK = 0o120000;

export function zipLimitsFor(maxArchiveBytes: number): ZipLimits {
  return { maxEntries: 20_000, maxUncompressedBytes: 10 * maxArchiveBytes };
}

class Rejection extends Error {
  readonly entry: string | undefined;
  constructor(message: string, entry?: string) {
    super(message);
    this.entry = entry;
  }
}

const reject = (entry: string, reason: string) => new Rejection(`Archive entry "${entry}" ${reason}.`, entry);

/** Why a path is unsafe to extract, or null. `label` is how the name is shown in messages. */
function pathProblem(name: string): string | null {
  if (name.length === 0) return 'has an empty name';
  if ([...name].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f)) {
    return 'has control characters in its name';
  }
  if (name.includes('\\')) return 'uses a backslash in its path (only "/" separators are allowed)';
  if (name.startsWith('/')) return 'has an absolute path';
  if (/^[a-zA-Z]:/.test(name)) return 'starts with a drive letter';
  if (name.split('/').includes('..')) return 'has a ".." path segment';
  return null;
}

function checkEntry(entry: yauzl.Entry, seen: Set<string>): { name: string; isDirectory: boolean } {
  const raw = entry.fileNameRaw;
  // The name as the header spells it (what Python's zipfile uses) and as Info-ZIP's Unicode-path
  // extra field may override it (what other extractors use): both must be safe.
  const plain = yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, raw, [], true);
  const unicode = yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, raw, entry.extraFields, true);
  const name = plain;
  if (raw.length > MAX_NAME_BYTES) throw reject(name.slice(0, 80), `has a name longer than ${MAX_NAME_BYTES} bytes`);
  // Checked on the raw bytes: yauzl shows CP437 control bytes as graphic characters (☺), Python does not.
  if (raw.some((byte) => byte < 0x20 || byte === 0x7f)) throw reject(name, 'has control characters in its name');
  for (const candidate of new Set([plain, unicode])) {
    const problem = pathProblem(candidate);
    if (problem) throw reject(candidate, problem);
  }
  if (unicode !== plain) throw reject(name, `carries a different Unicode path ("${unicode}")`);
  if (seen.has(name)) throw reject(name, 'appears twice');
  seen.add(name);
  if (entry.isEncrypted()) throw reject(name, 'is encrypted');
  if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) {
    throw reject(name, `uses compression method ${entry.compressionMethod} (only stored and deflate are supported)`);
  }
  // The high 16 bits of the external attributes hold the Unix mode when a Unix tool made the zip.
  const fileType = (entry.externalFileAttributes >>> 16) & S_IFMT;
  if (fileType === S_IFLNK) throw reject(name, 'is a symbolic link');
  if (fileType !== 0 && fileType !== S_IFREG && fileType !== S_IFDIR) throw reject(name, 'is not a regular file');
  const isDirectory = name.endsWith('/') || fileType === S_IFDIR;
  if (isDirectory && entry.uncompressedSize > 0) throw reject(name, 'is a folder with content');
  return { name, isDirectory };
}

/** Inflates one entry, counting real bytes against `budget` and checking its CRC-32. */
async function inflateEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, name: string, budget: number): Promise<number> {
  const local = await zip.readLocalFileHeaderPromise(entry);
  if (!Buffer.from(local.fileName).equals(entry.fileNameRaw)) {
    throw reject(name, 'has a different name in its local header than in the central directory');
  }
  let stream: Readable;
  try {
    stream = await zip.openReadStreamPromise(entry);
  } catch (error) {
    throw reject(name, `cannot be read (${(error as Error).message})`);
  }
  let size = 0;
  let crc = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > budget) {
        throw new Rejection(
          `The archive inflates to more than the allowed total size (at entry "${name}"); it may be a zip bomb.`,
          name,
        );
      }
      crc = crc32(chunk, crc);
    }
  } catch (error) {
    if (error instanceof Rejection) throw error;
    throw reject(name, `is corrupt (${(error as Error).message})`);
  } finally {
    stream.destroy();
  }
  if (crc >>> 0 !== entry.crc32 >>> 0) throw reject(name, 'fails its CRC-32 check (the data is corrupt)');
  return size;
}

async function checkEntries(zip: yauzl.ZipFile, limits: ZipLimits) {
  if (zip.entryCount === 0) throw new Rejection('The archive is empty.');
  if (zip.entryCount > limits.maxEntries) {
    throw new Rejection(`The archive has ${zip.entryCount} entries; at most ${limits.maxEntries} are allowed.`);
  }
  const seen = new Set<string>();
  let declared = 0;
  let actual = 0;
  let stored = 0;
  for await (const entry of zip.eachEntry()) {
    const { name, isDirectory } = checkEntry(entry, seen);
    stored += entry.compressedSize;
    declared += entry.uncompressedSize;
    if (declared > limits.maxUncompressedBytes) {
      throw new Rejection(
        `The archive declares more than ${limits.maxUncompressedBytes} bytes once extracted (at entry "${name}").`,
        name,
      );
    }
    // Declared sizes are checked before inflating anything (yauzl then holds the entry to them).
    const bomb = compressionRatioProblem(entry.compressedSize, entry.uncompressedSize);
    if (bomb) throw reject(name, bomb);
    if (!isDirectory) actual += await inflateEntry(zip, entry, name, limits.maxUncompressedBytes - actual);
  }
  // Many entries each too small for the check above can still add up to a bomb.
  const whole = compressionRatioProblem(stored, actual);
  if (whole) throw new Rejection(`The archive as a whole ${whole}.`);
  return { entries: seen.size, uncompressedBytes: actual };
}

/** Accepts a safe, readable zip; otherwise says which entry is wrong and why. */
export async function validateZip(data: Uint8Array, limits: ZipLimits): Promise<ZipCheck> {
  let zip: yauzl.ZipFile;
  try {
    const buffer = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    zip = await yauzl.fromBufferPromise(buffer, { lazyEntries: true, decodeStrings: false, validateEntrySizes: true });
  } catch (error) {
    return { ok: false, message: `The upload is not a readable zip archive (${(error as Error).message}).` };
  }
  try {
    return { ok: true, ...(await checkEntries(zip, limits)) };
  } catch (error) {
    if (error instanceof Rejection) {
      return error.entry === undefined
        ? { ok: false, message: error.message }
        : { ok: false, message: error.message, entry: error.entry };
    }
    return { ok: false, message: `The upload is not a readable zip archive (${(error as Error).message}).` };
  } finally {
    zip.close();
  }
}
