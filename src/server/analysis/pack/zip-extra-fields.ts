import { crc32 } from 'node:zlib';
import { ambiguity, quoteName } from './zip-rule.ts';

// The extra fields of a local header or central directory record. Most are harmless metadata
// (timestamps, Unix owners, alignment padding), but two change what a reader extracts: ZIP64
// fields replace sizes and offsets, and Info-ZIP's Unicode Path field (0x7075) replaces the name
// for the readers that honour it. Neither may say anything the header itself does not.

const ZIP64 = 0x0001;
const UNICODE_PATH = 0x7075;
const utf8 = new TextDecoder('utf-8', { fatal: true });

const u16 = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const u32 = (b: Uint8Array, at: number) => (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)) >>> 0;

function unicodePathProblem(data: Uint8Array, rawName: Uint8Array, name: string): string | null {
  if (data.length < 5 || data[0] !== 1) return 'an Info-ZIP Unicode Path field of an unknown version';
  if (u32(data, 1) !== crc32(rawName) >>> 0) {
    return 'an Info-ZIP Unicode Path field that belongs to another name (its name CRC does not match)';
  }
  let unicode: string;
  try {
    unicode = utf8.decode(data.subarray(5));
  } catch {
    return 'an Info-ZIP Unicode Path field that is not valid UTF-8';
  }
  if (unicode !== name) {
    return `an Info-ZIP Unicode Path field naming ${quoteName(unicode)}: extractors that honour it write another file`;
  }
  return null;
}

/**
 * Checks one extra-field block. `where` says which header it came from, for the message; `name`
 * is the entry's name as decoded from the header (`rawName`).
 */
export function checkExtraFields(extra: Uint8Array, rawName: Uint8Array, name: string, where: string): void {
  const seen = new Set<number>();
  let at = 0;
  while (at < extra.length) {
    if (at + 4 > extra.length) {
      throw ambiguity(
        'extra-field',
        `entry ${quoteName(name)}'s ${where} extra field ends in a truncated record`,
        name,
      );
    }
    const id = u16(extra, at);
    const size = u16(extra, at + 2);
    const end = at + 4 + size;
    if (end > extra.length) {
      throw ambiguity(
        'extra-field',
        `entry ${quoteName(name)}'s ${where} extra field 0x${id.toString(16).padStart(4, '0')} claims ${size} bytes, more than the field holds`,
        name,
      );
    }
    if (seen.has(id) && (id === ZIP64 || id === UNICODE_PATH)) {
      throw ambiguity(
        'extra-field',
        `entry ${quoteName(name)}'s ${where} extra field repeats record 0x${id.toString(16)}`,
        name,
      );
    }
    seen.add(id);
    if (id === ZIP64) {
      throw ambiguity(
        'zip64',
        `entry ${quoteName(name)} carries a ZIP64 field in its ${where} header; ZIP64 is not accepted (no pack needs it below the size limit, and readers apply it differently)`,
        name,
      );
    }
    if (id === UNICODE_PATH) {
      const problem = unicodePathProblem(extra.subarray(at + 4, end), rawName, name);
      if (problem)
        throw ambiguity('extra-field', `entry ${quoteName(name)}'s ${where} header carries ${problem}`, name);
    }
    at = end;
  }
}
