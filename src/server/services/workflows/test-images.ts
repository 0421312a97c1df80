import { crc32, deflateSync } from 'node:zlib';

// Builds real PNG and WebP files with embedded text, the way ComfyUI and other tools write them,
// for the resolver's tests and the browser spec (test support only).

/** Concatenated into a plain Uint8Array (what fetch bodies and Blobs accept). */
function bytes(parts: Buffer[]): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.concat(parts));
}

function u32(value: number): Buffer {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(value >>> 0);
  return out;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.from(type, 'latin1');
  return Buffer.concat([u32(data.length), head, data, u32(crc32(Buffer.concat([head, data])))]);
}

export type PngText =
  | { kind: 'tEXt'; keyword: string; text: string }
  | { kind: 'zTXt'; keyword: string; text: string }
  | { kind: 'iTXt'; keyword: string; text: string; compressed?: boolean };

function textChunk(entry: PngText): Buffer {
  const keyword = Buffer.from(`${entry.keyword}\0`, 'latin1');
  if (entry.kind === 'tEXt') return chunk('tEXt', Buffer.concat([keyword, Buffer.from(entry.text, 'latin1')]));
  if (entry.kind === 'zTXt') {
    return chunk('zTXt', Buffer.concat([keyword, Buffer.from([0]), deflateSync(Buffer.from(entry.text, 'latin1'))]));
  }
  const text = Buffer.from(entry.text, 'utf8');
  const body = entry.compressed ? deflateSync(text) : text;
  // flag, method, empty language tag, empty translated keyword
  return chunk('iTXt', Buffer.concat([keyword, Buffer.from([entry.compressed ? 1 : 0, 0, 0, 0]), body]));
}

/** A valid 1×1 grey PNG: its signature and header, then `middle` chunks, then its pixels and end. */
function pngAround(middle: Buffer[]): Uint8Array<ArrayBuffer> {
  const ihdr = Buffer.concat([u32(1), u32(1), Buffer.from([8, 0, 0, 0, 0])]);
  const idat = deflateSync(Buffer.from([0, 128]));
  return bytes([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    ...middle,
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A valid 1×1 grey PNG carrying the given text chunks before its pixels. */
export function pngWithText(texts: PngText[]): Uint8Array<ArrayBuffer> {
  return pngAround(texts.map(textChunk));
}

/**
 * A decompression bomb spread thin: `texts` first, then `count` small zTXt (or compressed iTXt)
 * chunks whose text inflates to `inflatedBytes` spaces, under one keyword or a keyword per chunk
 * (`keyword(i)`). The text is compressed once, so thousands of chunks cost nothing to build.
 */
export function pngWithInflatingChunks(options: {
  count: number;
  inflatedBytes: number;
  keyword?: string | ((index: number) => string);
  kind?: 'zTXt' | 'iTXt';
  texts?: PngText[];
}): Uint8Array<ArrayBuffer> {
  const { count, inflatedBytes, keyword = 'workflow', kind = 'zTXt', texts = [] } = options;
  const deflated = deflateSync(Buffer.alloc(inflatedBytes, 0x20), { level: 9 });
  // zTXt: method byte; iTXt: compressed flag, method, empty language tag, empty translated keyword.
  const fields = kind === 'zTXt' ? Buffer.from([0]) : Buffer.from([1, 0, 0, 0]);
  const bomb = (name: string) => chunk(kind, Buffer.concat([Buffer.from(`${name}\0`, 'latin1'), fields, deflated]));
  const same = typeof keyword === 'string' ? bomb(keyword) : undefined;
  const bombs = Array.from({ length: count }, (_, i) => same ?? bomb((keyword as (index: number) => string)(i)));
  return pngAround([...texts.map(textChunk), ...bombs]);
}

function riffChunk(type: string, data: Buffer): Buffer {
  const size = Buffer.alloc(4);
  size.writeUInt32LE(data.length);
  return Buffer.concat([Buffer.from(type, 'latin1'), size, data, data.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)]);
}

/**
 * A WebP container with an EXIF chunk holding ASCII values as ComfyUI's SaveAnimatedWEBP writes them
 * ("workflow:{json}" in Make, "prompt:{json}" in Model), in a little-endian TIFF IFD0.
 */
export function webpWithExif(values: string[]): Uint8Array<ArrayBuffer> {
  const entries = values.map((value) => Buffer.from(`${value}\0`, 'utf8'));
  const ifdSize = 2 + entries.length * 12 + 4;
  let dataOffset = 8 + ifdSize;
  const ifd = Buffer.alloc(ifdSize);
  ifd.writeUInt16LE(entries.length, 0);
  entries.forEach((entry, i) => {
    const at = 2 + i * 12;
    ifd.writeUInt16LE(0x010f + i, at); // Make, Model, …
    ifd.writeUInt16LE(2, at + 2); // ASCII
    ifd.writeUInt32LE(entry.length, at + 4);
    ifd.writeUInt32LE(dataOffset, at + 8);
    dataOffset += entry.length;
  });
  const tiff = Buffer.concat([Buffer.from('II*\0', 'latin1'), Buffer.from([8, 0, 0, 0]), ifd, ...entries]);
  // A VP8L 1×1 image (signature, 14-bit sizes), enough for a parser that never decodes pixels.
  const vp8l = Buffer.from([0x2f, 0, 0, 0, 0, 0x10, 0x07, 0x10, 0x11, 0x11, 0x88, 0x88, 0xfe, 0x07, 0x00]);
  const body = Buffer.concat([Buffer.from('WEBP', 'latin1'), riffChunk('VP8L', vp8l), riffChunk('EXIF', tiff)]);
  const size = Buffer.alloc(4);
  size.writeUInt32LE(body.length);
  return bytes([Buffer.from('RIFF', 'latin1'), size, body]);
}

/** A WebP with an XMP packet whose text holds the escaped "workflow:{json}" (`copies` such chunks). */
export function webpWithXmp(text: string, copies = 1): Uint8Array<ArrayBuffer> {
  const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
  const xmp = Buffer.from(
    `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:Description>${escaped}</rdf:Description></x:xmpmeta>`,
  );
  const packets = Array.from({ length: copies }, () => riffChunk('XMP ', xmp));
  const body = Buffer.concat([Buffer.from('WEBP', 'latin1'), ...packets]);
  const size = Buffer.alloc(4);
  size.writeUInt32LE(body.length);
  return bytes([Buffer.from('RIFF', 'latin1'), size, body]);
}
