import { checkExtraFields } from './zip-extra-fields.ts';
import { ambiguity, quoteName, ZipRuleError } from './zip-rule.ts';

// THE reading of a zip's structure, shared by the upload check, the scanner, the node-class
// extraction, the nested-archive reader and the README. It accepts only archives whose structure
// leaves every reader nothing to choose, the way PyPI accepts wheels:
//
//   [local header 1][data 1][descriptor 1?][local header 2]…[central directory][end record][comment]
//
// - the first local header at byte 0, each entry starting exactly where the previous one ends, in
//   central-directory order, the central directory right after the last entry and exactly one end
//   record at the very end (a comment may follow it, covered by its length, with no zip signature);
// - every local header repeats its central record (name bytes, flags, method, CRC, sizes; with a
//   data descriptor, the descriptor does), and no ZIP64 anywhere.
// Readers disagree on all of these (Python's zipfile shifts offsets by the bytes in front, takes
// the last end signature it finds, trusts the central directory; streaming readers trust local
// headers), so an archive that is ambiguous in any of them is refused rather than interpreted.

const LOCAL_SIG = 0x04034b50;
const CENTRAL_SIG = 0x02014b50;
const END_SIG = 0x06054b50;
const DESCRIPTOR_SIG = 0x08074b50;
const ZIP64_LOCATOR_SIG = 0x07064b50;
const END_SIZE = 22;
const LOCAL_SIZE = 30;
const CENTRAL_SIZE = 46;
/** The end record's comment is at most 65 535 bytes. */
const END_SEARCH = END_SIZE + 0xffff;

const FLAG_ENCRYPTED = 0x0001;
const FLAG_DESCRIPTOR = 0x0008;
const FLAG_STRONG_ENCRYPTION = 0x0040;
export const FLAG_UTF8 = 0x0800;
/** Deflate speed hints (bits 1-2), data descriptor, UTF-8 names: every other bit changes how data is read. */
const KNOWN_FLAGS = 0x0002 | 0x0004 | FLAG_DESCRIPTOR | FLAG_UTF8;
/** Python's zipfile refuses entries that need a newer "version needed to extract". */
const MAX_VERSION_NEEDED = 63;

export interface ZipLayoutEntry {
  /** The name as every reader decodes it (UTF-8 when flagged, else ASCII). */
  name: string;
  rawName: Uint8Array;
  flags: number;
  /** 0 stored, 8 deflate. */
  method: number;
  crc32: number;
  compressedSize: number;
  size: number;
  localOffset: number;
  dataOffset: number;
  /** Where the next entry (or the central directory) starts: after the data and any descriptor. */
  end: number;
  madeBy: number;
  externalAttributes: number;
}

export interface ZipLayout {
  bytes: Uint8Array;
  entries: ZipLayoutEntry[];
  comment: Uint8Array;
}

const u16 = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const u32 = (b: Uint8Array, at: number) => (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)) >>> 0;
const hex = (value: number) => `0x${value.toString(16).padStart(4, '0')}`;
const utf8 = new TextDecoder('utf-8', { fatal: true });
const latin1 = new TextDecoder('latin1');

const notAZip = (why: string) => new ZipRuleError('not-a-zip', `The upload is not a readable zip archive (${why}).`);

/** "PK" followed by any record kind: a comment holding one could be taken for the real record. */
function hasSignature(bytes: Uint8Array): boolean {
  for (let at = bytes.indexOf(0x50); at >= 0 && at + 3 < bytes.length; at = bytes.indexOf(0x50, at + 1)) {
    if (bytes[at + 1] === 0x4b && bytes[at + 2]! >= 1 && bytes[at + 2]! <= 8 && bytes[at + 3]! <= 8) return true;
  }
  return false;
}

interface EndRecord {
  at: number;
  entries: number;
  centralSize: number;
  centralOffset: number;
  comment: Uint8Array;
}

function readEndRecord(bytes: Uint8Array): EndRecord {
  if (bytes.length < END_SIZE) throw notAZip('too short to be a zip');
  const lowest = Math.max(0, bytes.length - END_SEARCH);
  let at = -1;
  for (let i = bytes.length - END_SIZE; i >= lowest; i -= 1) {
    if (u32(bytes, i) === END_SIG) {
      at = i;
      break;
    }
  }
  if (at < 0) throw notAZip('no end-of-central-directory record');
  const commentLength = u16(bytes, at + 20);
  const after = bytes.length - at - END_SIZE;
  if (commentLength !== after) {
    throw ambiguity(
      'end-record',
      `the end-of-central-directory record at byte ${at} declares a ${commentLength}-byte comment but ${after} bytes follow it (readers disagree on which end record counts)`,
    );
  }
  const comment = bytes.subarray(at + END_SIZE);
  if (hasSignature(comment)) {
    throw ambiguity(
      'end-record',
      'the archive comment contains a zip record signature ("PK…"), which some readers take for the real end record',
    );
  }
  if (u16(bytes, at + 4) !== 0 || u16(bytes, at + 6) !== 0) {
    throw ambiguity('end-record', 'the end record says the archive spans several disks');
  }
  const onDisk = u16(bytes, at + 8);
  const entries = u16(bytes, at + 10);
  const centralSize = u32(bytes, at + 12);
  const centralOffset = u32(bytes, at + 16);
  if (entries === 0xffff || onDisk === 0xffff || centralSize === 0xffffffff || centralOffset === 0xffffffff) {
    throw ambiguity(
      'zip64',
      'the end record defers to ZIP64 records, which are not accepted (no pack needs them below the size limit)',
    );
  }
  if (at >= 20 && u32(bytes, at - 20) === ZIP64_LOCATOR_SIG) {
    throw ambiguity(
      'zip64',
      'a ZIP64 end locator sits right before the end record; ZIP64 is not accepted, and readers that follow it see other entries',
    );
  }
  if (onDisk !== entries) {
    throw ambiguity('end-record', `the end record counts ${entries} entries in all but ${onDisk} on this disk`);
  }
  return { at, entries, centralSize, centralOffset, comment };
}

interface CentralRecord {
  entry: ZipLayoutEntry;
  versionNeeded: number;
  diskStart: number;
  /** Where the next central record starts. */
  next: number;
}

function decodeName(raw: Uint8Array, flags: number, index: number): string {
  if (flags & FLAG_UTF8) {
    try {
      return utf8.decode(raw);
    } catch {
      throw ambiguity('name-encoding', `entry ${index + 1}'s name is marked UTF-8 but is not valid UTF-8`);
    }
  }
  const name = latin1.decode(raw);
  if (raw.some((byte) => byte >= 0x80)) {
    throw ambiguity(
      'name-encoding',
      `entry ${quoteName(name)} has a non-ASCII name that is not marked as UTF-8: Python's zipfile reads it as code page 437, other tools as UTF-8 or the system's code page`,
      name,
    );
  }
  return name;
}

function readCentralRecord(bytes: Uint8Array, at: number, limit: number, index: number): CentralRecord {
  if (at + CENTRAL_SIZE > limit || u32(bytes, at) !== CENTRAL_SIG) {
    throw ambiguity('central-directory', `central directory record ${index + 1} is missing or has no signature`);
  }
  const nameLength = u16(bytes, at + 28);
  const extraLength = u16(bytes, at + 30);
  const commentLength = u16(bytes, at + 32);
  const next = at + CENTRAL_SIZE + nameLength + extraLength + commentLength;
  if (next > limit)
    throw ambiguity('central-directory', `central directory record ${index + 1} runs past the directory's end`);
  const rawName = bytes.subarray(at + CENTRAL_SIZE, at + CENTRAL_SIZE + nameLength);
  const flags = u16(bytes, at + 8);
  const name = decodeName(rawName, flags, index);
  const entry: ZipLayoutEntry = {
    name,
    rawName,
    flags,
    method: u16(bytes, at + 10),
    crc32: u32(bytes, at + 16),
    compressedSize: u32(bytes, at + 20),
    size: u32(bytes, at + 24),
    localOffset: u32(bytes, at + 42),
    // Both filled in when the local entry is walked.
    dataOffset: 0,
    end: 0,
    madeBy: u16(bytes, at + 4),
    externalAttributes: u32(bytes, at + 38),
  };
  checkExtraFields(
    bytes.subarray(at + CENTRAL_SIZE + nameLength, at + CENTRAL_SIZE + nameLength + extraLength),
    rawName,
    name,
    'central',
  );
  return { entry, versionNeeded: u16(bytes, at + 6), diskStart: u16(bytes, at + 34), next };
}

/** Rules a central record must meet on its own, before its local entry is looked at. */
function checkCentralRecord({ entry, versionNeeded, diskStart }: CentralRecord) {
  const { name } = entry;
  if (entry.flags & (FLAG_ENCRYPTED | FLAG_STRONG_ENCRYPTION)) {
    throw new ZipRuleError('unsupported-feature', `Archive entry ${quoteName(name)} is encrypted.`, name);
  }
  if (entry.flags & ~KNOWN_FLAGS) {
    throw new ZipRuleError(
      'unsupported-feature',
      `Archive entry ${quoteName(name)} sets general-purpose flags ${hex(entry.flags & ~KNOWN_FLAGS)}, which not every reader supports.`,
      name,
    );
  }
  if (entry.method !== 0 && entry.method !== 8) {
    throw new ZipRuleError(
      'unsupported-feature',
      `Archive entry ${quoteName(name)} uses compression method ${entry.method} (only stored and deflate are supported).`,
      name,
    );
  }
  if (versionNeeded > MAX_VERSION_NEEDED) {
    throw new ZipRuleError(
      'unsupported-feature',
      `Archive entry ${quoteName(name)} needs zip version ${versionNeeded / 10} to extract, newer than Python's zipfile reads.`,
      name,
    );
  }
  if (entry.compressedSize === 0xffffffff || entry.size === 0xffffffff || entry.localOffset === 0xffffffff) {
    throw ambiguity(
      'zip64',
      `entry ${quoteName(name)} defers its sizes or offset to ZIP64, which is not accepted`,
      name,
    );
  }
  if (diskStart !== 0)
    throw ambiguity('central-directory', `entry ${quoteName(name)} says it starts on another disk`, name);
  if (entry.method === 0 && entry.compressedSize !== entry.size) {
    throw ambiguity(
      'entry-data',
      `entry ${quoteName(name)} is stored uncompressed but declares ${entry.compressedSize} stored and ${entry.size} extracted bytes`,
      name,
    );
  }
  if (entry.method === 0 && entry.flags & FLAG_DESCRIPTOR) {
    throw ambiguity(
      'data-descriptor',
      `entry ${quoteName(name)} is stored uncompressed with a data descriptor: readers that stream the archive cannot tell where its data ends`,
      name,
    );
  }
}

function headerMismatch(name: string, field: string, local: string | number, central: string | number) {
  return ambiguity(
    'header-mismatch',
    `entry ${quoteName(name)}'s local header says ${field} ${local}, the central directory says ${central}`,
    name,
  );
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((byte, i) => byte === b[i]);

/** Where the data descriptor after `dataEnd` ends, if it repeats the central record exactly. */
function descriptorEnd(bytes: Uint8Array, entry: ZipLayoutEntry, dataEnd: number, limit: number): number {
  const matches = (at: number) =>
    at + 12 <= limit &&
    u32(bytes, at) === entry.crc32 &&
    u32(bytes, at + 4) === entry.compressedSize &&
    u32(bytes, at + 8) === entry.size;
  if (dataEnd + 4 <= limit && u32(bytes, dataEnd) === DESCRIPTOR_SIG && matches(dataEnd + 4)) return dataEnd + 16;
  if (matches(dataEnd)) return dataEnd + 12;
  throw ambiguity(
    'data-descriptor',
    `entry ${quoteName(entry.name)} sets the data-descriptor flag, but no descriptor repeating its CRC-32 and sizes follows its data`,
    entry.name,
  );
}

/** Reads the local entry at `at`, checks it against its central record, and fills in where its data and end are. */
function walkLocalEntry(bytes: Uint8Array, entry: ZipLayoutEntry, at: number, centralStart: number) {
  const { name } = entry;
  if (at + LOCAL_SIZE > centralStart || u32(bytes, at) !== LOCAL_SIG) {
    throw ambiguity(
      'entry-layout',
      `there is no local header at byte ${at}, where entry ${quoteName(name)} must start`,
      name,
    );
  }
  const nameLength = u16(bytes, at + 26);
  const extraLength = u16(bytes, at + 28);
  const rawName = bytes.subarray(at + LOCAL_SIZE, at + LOCAL_SIZE + nameLength);
  if (!sameBytes(rawName, entry.rawName)) {
    throw headerMismatch(name, 'name', quoteName(latin1.decode(rawName)), quoteName(name));
  }
  const flags = u16(bytes, at + 6);
  if (flags !== entry.flags) throw headerMismatch(name, 'flags', hex(flags), hex(entry.flags));
  const method = u16(bytes, at + 8);
  if (method !== entry.method) throw headerMismatch(name, 'compression method', method, entry.method);
  const local = { crc: u32(bytes, at + 14), compressedSize: u32(bytes, at + 18), size: u32(bytes, at + 22) };
  const deferred = flags & FLAG_DESCRIPTOR && local.crc === 0 && local.compressedSize === 0 && local.size === 0;
  if (!deferred) {
    if (local.crc !== entry.crc32) throw headerMismatch(name, 'CRC-32', hex(local.crc), hex(entry.crc32));
    if (local.compressedSize !== entry.compressedSize) {
      throw headerMismatch(name, 'compressed size', local.compressedSize, entry.compressedSize);
    }
    if (local.size !== entry.size) throw headerMismatch(name, 'size', local.size, entry.size);
  }
  const extraStart = at + LOCAL_SIZE + nameLength;
  if (extraStart + extraLength > centralStart) {
    throw ambiguity('entry-layout', `entry ${quoteName(name)}'s local header runs into the central directory`, name);
  }
  checkExtraFields(bytes.subarray(extraStart, extraStart + extraLength), rawName, name, 'local');
  entry.dataOffset = extraStart + extraLength;
  const dataEnd = entry.dataOffset + entry.compressedSize;
  if (dataEnd > centralStart) {
    throw ambiguity('entry-layout', `entry ${quoteName(name)}'s data runs into the central directory`, name);
  }
  entry.end = flags & FLAG_DESCRIPTOR ? descriptorEnd(bytes, entry, dataEnd, centralStart) : dataEnd;
}

function misplaced(bytes: Uint8Array, entry: ZipLayoutEntry, index: number, expected: number): ZipRuleError {
  const { name } = entry;
  if (index === 0 && u32(bytes, 0) !== LOCAL_SIG) {
    return ambiguity(
      'bytes-before-archive',
      `the file does not start with the first entry (entry ${quoteName(name)} is at byte ${entry.localOffset}): readers treat bytes in front of an archive differently`,
      name,
    );
  }
  return ambiguity(
    'entry-layout',
    `entry ${quoteName(name)}'s local header is at byte ${entry.localOffset}, but ${index === 0 ? 'the file starts' : 'the previous entry ends'} at byte ${expected}: entries must follow one another in central-directory order, without gaps or overlaps`,
    name,
  );
}

/**
 * The entries of a zip whose structure is unambiguous, or a ZipRuleError saying which rule it
 * breaks. Only headers are read here; the data is checked as it is inflated (zip-entry-data.ts).
 */
export function readZipLayout(bytes: Uint8Array): ZipLayout {
  const end = readEndRecord(bytes);
  const centralStart = end.at - end.centralSize;
  if (centralStart < 0) {
    throw ambiguity(
      'central-directory',
      `the end record declares a ${end.centralSize}-byte central directory, more than the file holds before it`,
    );
  }
  if (end.centralOffset !== centralStart) {
    throw end.centralOffset < centralStart
      ? ambiguity(
          'bytes-before-archive',
          `the end record puts the central directory at byte ${end.centralOffset}, but it sits at byte ${centralStart}: Python's zipfile shifts every offset by the ${centralStart - end.centralOffset} bytes in between, other readers do not`,
        )
      : ambiguity(
          'central-directory',
          `the end record puts the central directory at byte ${end.centralOffset}, past where it sits (byte ${centralStart})`,
        );
  }
  const records: CentralRecord[] = [];
  let at = centralStart;
  for (let i = 0; i < end.entries; i += 1) {
    const record = readCentralRecord(bytes, at, end.at, i);
    at = record.next;
    records.push(record);
  }
  if (at !== end.at) {
    throw ambiguity(
      'central-directory',
      `the central directory holds ${end.at - at} bytes after the ${end.entries} records the end record counts`,
    );
  }
  let next = 0;
  records.forEach((record, i) => {
    checkCentralRecord(record);
    const { entry } = record;
    if (entry.localOffset !== next) throw misplaced(bytes, entry, i, next);
    walkLocalEntry(bytes, entry, next, centralStart);
    next = entry.end;
  });
  if (next !== centralStart) {
    throw records.length === 0
      ? ambiguity('bytes-before-archive', `${centralStart} bytes come before an archive without entries`)
      : ambiguity('entry-layout', `${centralStart - next} bytes lie between the last entry and the central directory`);
  }
  return { bytes, entries: records.map((r) => r.entry), comment: end.comment };
}
