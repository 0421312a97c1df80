import { crc32, deflateRawSync } from 'node:zlib';

// A zip writer for tests that writes exactly what it is told, field by field, so a test can build
// the archives real tools make (a clean pack, `git archive` with a comment, data descriptors) and
// the ones attackers make: every header field of every entry, the central directory's order and
// offsets, the end record and the bytes between records can be set to lie.

const LOCAL_SIG = 0x04034b50;
const CENTRAL_SIG = 0x02014b50;
const END_SIG = 0x06054b50;
const DESCRIPTOR_SIG = 0x08074b50;
export const UTF8_FLAG = 0x0800;
export const DESCRIPTOR_FLAG = 0x0008;

const encoder = new TextEncoder();
export const bytes = (value: string | Uint8Array) => (typeof value === 'string' ? encoder.encode(value) : value);

/** The values a header carries about an entry's data. */
export interface EntryFields {
  name: string | Uint8Array;
  method: number;
  flags: number;
  crc: number;
  compressedSize: number;
  size: number;
}

export interface BuilderEntry {
  name: string;
  data: string | Uint8Array;
  /** 0 stored, 8 deflate (default). */
  method?: 0 | 8;
  /** Extra general-purpose flags (the UTF-8 flag is set by itself for a non-ASCII name). */
  flags?: number;
  /** The bytes written as the entry's data instead of compressing `data`. */
  compressed?: Uint8Array;
  /** Writes a data descriptor after the data (flag bit 3); `unsigned` leaves out its signature. */
  descriptor?: 'signed' | 'unsigned';
  /** Local header values where they should differ from the true ones. */
  local?: Partial<EntryFields>;
  /** Central directory values where they should differ from the true ones. */
  central?: Partial<EntryFields> & { offset?: number };
  /** Descriptor values where they should differ from the true ones. */
  descriptorFields?: Partial<Pick<EntryFields, 'crc' | 'compressedSize' | 'size'>>;
  localExtra?: Uint8Array;
  centralExtra?: Uint8Array;
  comment?: string | Uint8Array;
  /** Unix mode in the high 16 bits of the external attributes (e.g. 0o100644, 0o120777). */
  unixMode?: number;
  /** MS-DOS attribute byte (0x10 marks a folder). */
  dosAttributes?: number;
  versionNeeded?: number;
}

export interface BuilderOptions {
  /** Bytes in front of the first entry (a self-extractor stub, or junk). */
  prefix?: Uint8Array;
  /**
   * With a prefix: whether the offsets count from the file's start (true, default) or from the
   * first entry (false), which readers such as Python's zipfile fix up by the prefix's length.
   */
  absoluteOffsets?: boolean;
  /** Bytes written after entry i (before the next local header, or the central directory). */
  gapAfter?: Record<number, Uint8Array>;
  /** Central directory records in this order (indices into entries; repeat or leave out freely). */
  centralOrder?: number[];
  /** The archive comment. */
  comment?: string | Uint8Array;
  /** End-record values where they should differ from the true ones. */
  end?: Partial<{
    disk: number;
    centralDisk: number;
    entriesOnDisk: number;
    entries: number;
    centralSize: number;
    centralOffset: number;
    commentLength: number;
  }>;
  /** Bytes after the end record and its comment. */
  trailing?: Uint8Array;
}

class Writer {
  private readonly parts: Uint8Array[] = [];
  length = 0;
  put(part: Uint8Array) {
    this.parts.push(part);
    this.length += part.length;
  }
  u16(value: number) {
    this.put(Uint8Array.of(value & 0xff, (value >>> 8) & 0xff));
  }
  u32(value: number) {
    const b = new Uint8Array(4);
    new DataView(b.buffer).setUint32(0, value >>> 0, true);
    this.put(b);
  }
  done(): Uint8Array<ArrayBuffer> {
    const out = new Uint8Array(this.length);
    let at = 0;
    for (const part of this.parts) {
      out.set(part, at);
      at += part.length;
    }
    return out;
  }
}

const isAscii = (name: string) => [...name].every((ch) => ch.charCodeAt(0) < 0x80);

interface Prepared {
  entry: BuilderEntry;
  truth: EntryFields;
  payload: Uint8Array;
  localOffset: number;
}

function prepare(entry: BuilderEntry): Omit<Prepared, 'localOffset'> {
  const data = bytes(entry.data);
  const method = entry.method ?? 8;
  const payload = entry.compressed ?? (method === 8 ? deflateRawSync(data) : data);
  const flags = (entry.flags ?? 0) | (isAscii(entry.name) ? 0 : UTF8_FLAG) | (entry.descriptor ? DESCRIPTOR_FLAG : 0);
  const truth: EntryFields = {
    name: entry.name,
    method,
    flags,
    crc: crc32(data) >>> 0,
    compressedSize: payload.length,
    size: data.length,
  };
  return { entry, truth, payload };
}

function writeLocal(out: Writer, { entry, truth, payload }: Omit<Prepared, 'localOffset'>) {
  // With a descriptor, a streaming writer does not know CRC and sizes yet: it writes zeros.
  const known = entry.descriptor ? { crc: 0, compressedSize: 0, size: 0 } : {};
  const f = { ...truth, ...known, ...entry.local };
  const name = bytes(f.name);
  const extra = entry.localExtra ?? new Uint8Array(0);
  out.u32(LOCAL_SIG);
  out.u16(entry.versionNeeded ?? 20);
  out.u16(f.flags);
  out.u16(f.method);
  out.u32(0x5c210000); // 2026-01-01 00:00 in MS-DOS time and date
  out.u32(f.crc);
  out.u32(f.compressedSize);
  out.u32(f.size);
  out.u16(name.length);
  out.u16(extra.length);
  out.put(name);
  out.put(extra);
  out.put(payload);
  if (entry.descriptor) {
    const d = { ...truth, ...entry.descriptorFields };
    if (entry.descriptor === 'signed') out.u32(DESCRIPTOR_SIG);
    out.u32(d.crc);
    out.u32(d.compressedSize);
    out.u32(d.size);
  }
}

function writeCentral(out: Writer, { entry, truth, localOffset }: Prepared, base: number) {
  const f = { ...truth, ...entry.central };
  const name = bytes(f.name);
  const extra = entry.centralExtra ?? new Uint8Array(0);
  const comment = bytes(entry.comment ?? '');
  const unix = entry.unixMode !== undefined;
  out.u32(CENTRAL_SIG);
  out.u16(unix ? 0x031e : 0x0014); // made by: Unix 3.0, or MS-DOS 2.0
  out.u16(entry.versionNeeded ?? 20);
  out.u16(f.flags);
  out.u16(f.method);
  out.u32(0x5c210000);
  out.u32(f.crc);
  out.u32(f.compressedSize);
  out.u32(f.size);
  out.u16(name.length);
  out.u16(extra.length);
  out.u16(comment.length);
  out.u16(0); // disk number start
  out.u16(0); // internal attributes
  out.u32((((entry.unixMode ?? 0) << 16) | (entry.dosAttributes ?? 0)) >>> 0);
  out.u32(entry.central?.offset ?? localOffset - base);
  out.put(name);
  out.put(extra);
  out.put(comment);
}

/** Writes the archive described by `entries` and `options`, lies included. */
export function buildRawZip(entries: BuilderEntry[], options: BuilderOptions = {}): Uint8Array<ArrayBuffer> {
  const out = new Writer();
  const prefix = options.prefix ?? new Uint8Array(0);
  out.put(prefix);
  const base = options.absoluteOffsets === false ? prefix.length : 0;
  const prepared: Prepared[] = [];
  entries.forEach((entry, i) => {
    const ready = prepare(entry);
    prepared.push({ ...ready, localOffset: out.length });
    writeLocal(out, ready);
    const gap = options.gapAfter?.[i];
    if (gap) out.put(gap);
  });
  const centralStart = out.length;
  const order = options.centralOrder ?? entries.map((_, i) => i);
  for (const i of order) writeCentral(out, prepared[i]!, base);
  const centralSize = out.length - centralStart;
  const comment = bytes(options.comment ?? '');
  const end = {
    disk: 0,
    centralDisk: 0,
    entriesOnDisk: order.length,
    entries: order.length,
    centralSize,
    centralOffset: centralStart - base,
    commentLength: comment.length,
    ...options.end,
  };
  out.u32(END_SIG);
  out.u16(end.disk);
  out.u16(end.centralDisk);
  out.u16(end.entriesOnDisk);
  out.u16(end.entries);
  out.u32(end.centralSize);
  out.u32(end.centralOffset);
  out.u16(end.commentLength);
  out.put(comment);
  if (options.trailing) out.put(options.trailing);
  return out.done();
}

/** One extra-field record: id, length, data. */
export function extraField(id: number, data: Uint8Array): Uint8Array {
  const out = new Writer();
  out.u16(id);
  out.u16(data.length);
  out.put(data);
  return out.done();
}

/** Info-ZIP's Unicode Path field (0x7075): version 1, the CRC-32 of the header's name, the UTF-8 name. */
export function unicodePathExtra(headerName: string | Uint8Array, unicodeName: string, nameCrc?: number): Uint8Array {
  const out = new Writer();
  out.put(Uint8Array.of(1));
  out.u32(nameCrc ?? crc32(bytes(headerName)));
  out.put(bytes(unicodeName));
  return extraField(0x7075, out.done());
}

/** A ZIP64 extended-information field (0x0001) with the given 64-bit values. */
export function zip64Extra(values: number[]): Uint8Array {
  const out = new Writer();
  for (const value of values) {
    out.u32(value % 2 ** 32);
    out.u32(Math.floor(value / 2 ** 32));
  }
  return extraField(0x0001, out.done());
}

/** Concatenates byte arrays. */
export function concatBytes(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Writer();
  for (const part of parts) out.put(part);
  return out.done();
}
