import { inflateLimited } from './inflate-limited.ts';
import { MAX_JSON_BYTES, MAX_PNG_TEXT_CHUNKS, MAX_TOTAL_TEXT_BYTES } from './limits.ts';
import { WorkflowInputError } from './workflow-input-error.ts';

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** A PNG keyword is 1–79 Latin-1 characters, then a NUL. */
const MAX_KEYWORD = 79;

export function isPng(bytes: Uint8Array): boolean {
  return bytes.length >= 8 && SIGNATURE.every((byte, i) => bytes[i] === byte);
}

/** What reading a PNG's text cost: text chunks looked at, and bytes of text decoded (after inflating). */
export interface PngTextStats {
  textChunks: number;
  textBytes: number;
}

const latin1 = new TextDecoder('latin1');
const utf8 = new TextDecoder('utf-8', { fatal: false });

const corrupt = () => new WorkflowInputError(400, 'invalid_image', 'The PNG file is truncated or corrupt.');
const tooManyChunks = () =>
  new WorkflowInputError(
    400,
    'invalid_image',
    `The PNG has more than ${MAX_PNG_TEXT_CHUNKS} text chunks before its workflow; ComfyUI writes a few.`,
  );
const chunkTooLarge = () =>
  new WorkflowInputError(413, 'workflow_too_large', `The embedded workflow is larger than ${MAX_JSON_BYTES} bytes.`);
const totalTooLarge = () =>
  new WorkflowInputError(
    413,
    'workflow_too_large',
    `The image's text chunks hold more than ${MAX_TOTAL_TEXT_BYTES} bytes of text in total.`,
  );

function nulAt(data: Uint8Array, from: number): number {
  const at = data.indexOf(0, from);
  if (at < 0) throw corrupt();
  return at;
}

/** Text of at most `maxBytes` (or the total left): inflated with that output limit when compressed. */
function decodeText(raw: Uint8Array, compressed: boolean, decoder: TextDecoder, stats: PngTextStats): string {
  const left = MAX_TOTAL_TEXT_BYTES - stats.textBytes;
  const limit = Math.min(MAX_JSON_BYTES, left);
  const tooLarge = limit < MAX_JSON_BYTES ? totalTooLarge : chunkTooLarge;
  if (!compressed && raw.length > limit) throw tooLarge();
  const text = compressed ? inflateLimited(raw, limit, tooLarge) : raw;
  stats.textBytes += text.length;
  return decoder.decode(text);
}

/** The text after a chunk's keyword (tEXt: Latin-1; zTXt: zlib Latin-1; iTXt: UTF-8, maybe zlib). */
function chunkText(type: string, data: Uint8Array, keywordEnd: number, stats: PngTextStats): string {
  if (type === 'tEXt') return decodeText(data.subarray(keywordEnd + 1), false, latin1, stats);
  if (type === 'zTXt') return decodeText(data.subarray(keywordEnd + 2), true, latin1, stats);
  // iTXt: keyword \0 flag method language \0 translated keyword \0 text
  const compressed = data[keywordEnd + 1] === 1;
  const languageEnd = nulAt(data, keywordEnd + 3);
  const translatedEnd = nulAt(data, languageEnd + 1);
  return decodeText(data.subarray(translatedEnd + 1), compressed, utf8, stats);
}

/**
 * The `wanted` text chunks of a PNG (the first of each keyword), in file order, as the chunk list is
 * walked (pixels are never decoded). Other text chunks are counted but never decoded or inflated,
 * so stopping early (the caller found its workflow) saves the rest. Bounds: MAX_PNG_TEXT_CHUNKS text
 * chunks (400 past it), MAX_JSON_BYTES of text per chunk and MAX_TOTAL_TEXT_BYTES in all (413);
 * `stats` records what was done.
 */
export function* readPngText(
  bytes: Uint8Array,
  wanted: readonly string[],
  stats: PngTextStats = { textChunks: 0, textBytes: 0 },
): Generator<[keyword: string, text: string], void, undefined> {
  if (!isPng(bytes)) throw corrupt();
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const seen = new Set<string>();
  let offset = 8;
  while (offset + 8 <= bytes.length) {
    const length = view.getUint32(offset);
    const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
    const start = offset + 8;
    if (start + length + 4 > bytes.length) throw corrupt();
    if (type === 'IEND') return;
    offset = start + length + 4; // data + CRC
    if (type !== 'tEXt' && type !== 'zTXt' && type !== 'iTXt') continue;
    if (++stats.textChunks > MAX_PNG_TEXT_CHUNKS) throw tooManyChunks();
    const data = bytes.subarray(start, start + length);
    const keywordEnd = data.subarray(0, MAX_KEYWORD + 1).indexOf(0);
    if (keywordEnd < 0) throw corrupt();
    const keyword = latin1.decode(data.subarray(0, keywordEnd));
    if (!wanted.includes(keyword) || seen.has(keyword)) continue;
    seen.add(keyword);
    yield [keyword, chunkText(type, data, keywordEnd, stats)];
  }
  // A file cut short still yields the text chunks it has; one without them reads as broken, not as "no workflow".
  if (stats.textChunks === 0) throw corrupt();
}
