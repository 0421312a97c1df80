import { UnreadableArchive } from './zip-entries.ts';

// Reads the regular files of a tar (POSIX ustar, GNU long names, pax `path`), for tars bundled in
// a pack. The bytes are already in memory (a gzip layer, if any, was inflated under the budget),
// so each entry is a view, not a copy.

export interface TarEntry {
  name: string;
  bytes: Uint8Array;
}

const BLOCK = 512;
const decoder = new TextDecoder('utf-8', { fatal: false });

function text(bytes: Uint8Array, start: number, length: number): string {
  const field = bytes.subarray(start, start + length);
  const nul = field.indexOf(0);
  return decoder.decode(nul >= 0 ? field.subarray(0, nul) : field);
}

function octal(bytes: Uint8Array, start: number, length: number): number {
  // GNU's base-256 form (high bit set) is for files of 8 GB and more: not something to scan.
  if (bytes[start]! & 0x80) throw new UnreadableArchive('tar entry too large');
  const value = text(bytes, start, length).trim();
  if (!/^[0-7]*$/.test(value)) throw new UnreadableArchive('tar header is corrupt');
  return value ? Number.parseInt(value, 8) : 0;
}

/** The `path` record of a pax extended header ("<len> path=<name>\n" records). */
function paxPath(body: Uint8Array): string | null {
  for (const record of decoder.decode(body).split('\n')) {
    const match = /^\d+ path=(.*)$/.exec(record);
    if (match) return match[1]!;
  }
  return null;
}

export function readTar(bytes: Uint8Array): TarEntry[] {
  const entries: TarEntry[] = [];
  let offset = 0;
  let nextName: string | null = null;
  while (offset + BLOCK <= bytes.length) {
    const header = bytes.subarray(offset, offset + BLOCK);
    if (header.every((byte) => byte === 0)) break;
    const size = octal(header, 124, 12);
    const type = header[156] === 0 ? '0' : String.fromCharCode(header[156]!);
    const bodyStart = offset + BLOCK;
    if (bodyStart + size > bytes.length) throw new UnreadableArchive('tar entry is truncated');
    const body = bytes.subarray(bodyStart, bodyStart + size);
    if (type === 'L') nextName = text(body, 0, body.length);
    else if (type === 'x') nextName = paxPath(body) ?? nextName;
    else {
      const prefix = text(header, 257, 6) === 'ustar' ? text(header, 345, 155) : '';
      const name = nextName ?? (prefix ? `${prefix}/${text(header, 0, 100)}` : text(header, 0, 100));
      nextName = null;
      // Regular files only ('0', '7' contiguous); folders, links and devices carry no content.
      if (type === '0' || type === '7') entries.push({ name, bytes: body });
    }
    offset = bodyStart + Math.ceil(size / BLOCK) * BLOCK;
  }
  return entries;
}
