// Splits text into plain and matched pieces for <mark>: the caller renders the pieces as text, so
// nothing from the server is ever interpreted as HTML.

export interface Piece {
  text: string;
  match: boolean;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const WORD_CHAR = /[\p{L}\p{N}]/u;
const isLower = (char: string) => char !== char.toUpperCase() && char === char.toLowerCase();
const isUpper = (char: string) => char !== char.toLowerCase() && char === char.toUpperCase();

/**
 * A match must start a word (or a camelCase part: "Upscale" in "TiledUpscale"), so the term "art"
 * does not light up the middle of "start". Terms shorter than 2 characters are ignored.
 */
function startsWord(text: string, index: number): boolean {
  if (index === 0) return true;
  const before = text[index - 1] ?? '';
  const first = text[index] ?? '';
  if (!WORD_CHAR.test(before)) return true;
  return isLower(before) && isUpper(first);
}

export function splitHighlights(text: string, terms: readonly string[]): Piece[] {
  const usable = [...new Set(terms.map((t) => t.trim()).filter((t) => t.length >= 2))].sort(
    (a, b) => b.length - a.length,
  );
  if (!text) return [];
  if (usable.length === 0) return [{ text, match: false }];
  const pattern = new RegExp(usable.map(escapeRegExp).join('|'), 'giu');
  const pieces: Piece[] = [];
  let last = 0;
  for (const found of text.matchAll(pattern)) {
    const start = found.index;
    if (!startsWord(text, start)) continue;
    if (start > last) pieces.push({ text: text.slice(last, start), match: false });
    pieces.push({ text: found[0], match: true });
    last = start + found[0].length;
  }
  if (last < text.length) pieces.push({ text: text.slice(last), match: false });
  return pieces;
}

/**
 * At most `max` characters of a description: the start, or a window around the first matched term
 * when it would otherwise be cut off. Cuts at spaces where it can and marks them with "…".
 */
export function snippet(text: string, terms: readonly string[], max = 180): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const lower = clean.toLowerCase();
  const positions = terms
    .filter((t) => t.length >= 2)
    .map((t) => lower.indexOf(t.toLowerCase()))
    .filter((i) => i >= 0);
  const first = positions.length ? Math.min(...positions) : 0;
  let start = first + 20 > max ? Math.max(0, first - Math.floor(max / 3)) : 0;
  if (start > 0) {
    const space = clean.indexOf(' ', start);
    if (space >= 0 && space < first) start = space + 1;
  }
  let end = Math.min(clean.length, start + max);
  if (end < clean.length) {
    const space = clean.lastIndexOf(' ', end);
    if (space > start + max / 2) end = space;
  }
  return `${start > 0 ? '…' : ''}${clean.slice(start, end)}${end < clean.length ? '…' : ''}`;
}
