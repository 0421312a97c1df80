import { strToU8, unzipSync, zipSync, type ZipOptions } from 'fflate';

// Zips built in memory for tests: a normal pack laid out like comfy-cli makes it (files at the
// archive root, deflated), and hand-crafted malicious ones the server must refuse.

export type PackFiles = Record<string, string | Uint8Array>;

const bytesOf = (value: string | Uint8Array) => (typeof value === 'string' ? strToU8(value) : value);

/** A small but realistic custom-node pack. */
export function samplePackFiles(nodeId = 'example-pack'): PackFiles {
  return {
    '__init__.py': 'from .nodes import NODE_CLASS_MAPPINGS\n__all__ = ["NODE_CLASS_MAPPINGS"]\n',
    'nodes.py': 'class Example:\n    pass\n\nNODE_CLASS_MAPPINGS = {"Example": Example}\n',
    'pyproject.toml': `[project]\nname = "${nodeId}"\nversion = "1.0.0"\n`,
    'requirements.txt': 'numpy\n',
    'js/widget.js': 'export const widget = 1;\n',
    // Binary content catches any text re-encoding on the way through the server.
    'assets/blob.bin': Uint8Array.from({ length: 300 }, (_, i) => (i * 37) % 256),
  };
}

/** Deflated zip of `files`, names used verbatim (so tests can craft bad names too). */
export function buildZip(files: PackFiles, options: ZipOptions = {}): Uint8Array<ArrayBuffer> {
  const entries: Record<string, [Uint8Array, ZipOptions]> = {};
  for (const [name, content] of Object.entries(files)) entries[name] = [bytesOf(content), { level: 6, ...options }];
  return zipSync(entries, { mtime: new Date('2026-01-01T00:00:00Z') });
}

/** The pack's files back out of a zip, for byte-for-byte comparison. */
export function readZip(data: Uint8Array): Record<string, Uint8Array> {
  return unzipSync(data);
}

export function packBytes(files: PackFiles): Record<string, Uint8Array> {
  return Object.fromEntries(Object.entries(files).map(([name, content]) => [name, bytesOf(content)]));
}

/** A zip with one extra entry that is a symlink (Unix mode 0120777 in the external attributes). */
export function zipWithSymlink(target = '/etc/passwd', name = 'link.py'): Uint8Array<ArrayBuffer> {
  const entries: Record<string, [Uint8Array, ZipOptions]> = {
    '__init__.py': [strToU8('# ok\n'), {}],
    [name]: [strToU8(target), { os: 3, attrs: (0o120777 << 16) >>> 0, level: 0 }],
  };
  return zipSync(entries);
}

/** A zip with an entry that is a device / fifo or other special file (here a FIFO). */
export function zipWithSpecialFile(name = 'pipe'): Uint8Array<ArrayBuffer> {
  return zipSync({
    '__init__.py': [strToU8('# ok\n'), {}],
    [name]: [new Uint8Array(0), { os: 3, attrs: (0o010644 << 16) >>> 0 }],
  });
}

// ---- Byte-level patches of an existing zip (fflate writes exactly what it is given) ----

const LOCAL_SIG = 0x04034b50;
const CENTRAL_SIG = 0x02014b50;

interface HeaderRef {
  local: number;
  central: number;
  name: string;
}

/** Offsets of each entry's local and central headers (enough for the small zips tests build). */
function headers(zip: Uint8Array): HeaderRef[] {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const found: HeaderRef[] = [];
  for (let i = 0; i + 46 <= zip.length; i++) {
    if (view.getUint32(i, true) !== CENTRAL_SIG) continue;
    const nameLength = view.getUint16(i + 28, true);
    const local = view.getUint32(i + 42, true);
    if (view.getUint32(local, true) !== LOCAL_SIG) continue;
    const name = new TextDecoder().decode(zip.subarray(i + 46, i + 46 + nameLength));
    found.push({ local, central: i, name });
  }
  return found;
}

function patchEntry(
  zip: Uint8Array,
  name: string,
  patch: (view: DataView, ref: HeaderRef) => void,
): Uint8Array<ArrayBuffer> {
  const copy = new Uint8Array(zip);
  const ref = headers(copy).find((h) => h.name === name);
  if (!ref) throw new Error(`no entry ${name} in zip`);
  patch(new DataView(copy.buffer), ref);
  return copy;
}

/** Claims `size` uncompressed bytes for the entry (a zip-bomb-looking declaration). */
export function withDeclaredSize(zip: Uint8Array, name: string, size: number): Uint8Array<ArrayBuffer> {
  return patchEntry(zip, name, (view, ref) => {
    view.setUint32(ref.central + 24, size, true);
    view.setUint32(ref.local + 22, size, true);
  });
}

/** Sets the "encrypted" general-purpose flag on the entry. */
export function withEncryptedFlag(zip: Uint8Array, name: string): Uint8Array<ArrayBuffer> {
  return patchEntry(zip, name, (view, ref) => {
    view.setUint16(ref.central + 8, view.getUint16(ref.central + 8, true) | 1, true);
    view.setUint16(ref.local + 6, view.getUint16(ref.local + 6, true) | 1, true);
  });
}

/** Corrupts the recorded CRC-32 of the entry (extractors such as Python's zipfile then fail). */
export function withBadCrc(zip: Uint8Array, name: string): Uint8Array<ArrayBuffer> {
  return patchEntry(zip, name, (view, ref) => {
    const crc = view.getUint32(ref.central + 16, true) ^ 0xffffffff;
    view.setUint32(ref.central + 16, crc >>> 0, true);
    view.setUint32(ref.local + 14, crc >>> 0, true);
  });
}

/** Renames the entry in its local header only (central directory and local header then disagree). */
export function withLocalName(zip: Uint8Array, name: string, localName: string): Uint8Array<ArrayBuffer> {
  if (localName.length !== name.length) throw new Error('the local name must have the same length');
  return patchEntry(zip, name, (view, ref) => {
    const bytes = new TextEncoder().encode(localName);
    for (let i = 0; i < bytes.length; i++) view.setUint8(ref.local + 30 + i, bytes[i]!);
  });
}
