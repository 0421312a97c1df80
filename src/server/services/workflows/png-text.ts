import { inflateLimited } from './inflate-limited.ts';
import { WorkflowInputError } from './workflow-input-error.ts';

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export function isPng(bytes: Uint8Array): boolean {
  return bytes.length >= 8 && SIGNATURE.every((byte, i) => bytes[i] === byte);
}

const latin1 = new TextDecoder('latin1');
const utf8 = new TextDecoder('utf-8', { fatal: false });

const corrupt = () => new WorkflowInputError(400, 'invalid_image', 'The PNG file is truncated or corrupt.');

function nulAt(data: Uint8Array, from: number): number {
  const at = data.indexOf(0, from);
  if (at < 0) throw corrupt();
  return at;
}

/** One text chunk's keyword and text (tEXt: Latin-1; zTXt: zlib Latin-1; iTXt: UTF-8, maybe zlib). */
function readTextChunk(type: string, data: Uint8Array, maxText: number): [string, string] | undefined {
  const keywordEnd = nulAt(data, 0);
  const keyword = latin1.decode(data.subarray(0, keywordEnd));
  if (type === 'tEXt') return [keyword, latin1.decode(data.subarray(keywordEnd + 1))];
  if (type === 'zTXt') return [keyword, latin1.decode(inflateLimited(data.subarray(keywordEnd + 2), maxText))];
  // iTXt: keyword \0 flag method language \0 translated keyword \0 text
  const compressed = data[keywordEnd + 1] === 1;
  const languageEnd = nulAt(data, keywordEnd + 3);
  const translatedEnd = nulAt(data, languageEnd + 1);
  const text = data.subarray(translatedEnd + 1);
  return [keyword, utf8.decode(compressed ? inflateLimited(text, maxText) : text)];
}

/**
 * The text chunks of a PNG by keyword (the first of each wins). Walks the chunk list without
 * decoding pixels; stops at IEND. `maxText` bounds each inflated chunk.
 */
export function readPngText(bytes: Uint8Array, maxText: number): Map<string, string> {
  if (!isPng(bytes)) throw corrupt();
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const texts = new Map<string, string>();
  let offset = 8;
  let ended = false;
  while (offset + 8 <= bytes.length) {
    const length = view.getUint32(offset);
    const type = latin1.decode(bytes.subarray(offset + 4, offset + 8));
    const start = offset + 8;
    if (start + length + 4 > bytes.length) throw corrupt();
    if (type === 'tEXt' || type === 'zTXt' || type === 'iTXt') {
      const entry = readTextChunk(type, bytes.subarray(start, start + length), maxText);
      if (entry && !texts.has(entry[0])) texts.set(entry[0], entry[1]);
    }
    if (type === 'IEND') {
      ended = true;
      break;
    }
    offset = start + length + 4; // data + CRC
  }
  // A file cut short still yields the text chunks it has; one without them reads as broken, not as "no workflow".
  if (!ended && texts.size === 0) throw corrupt();
  return texts;
}
