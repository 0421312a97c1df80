/**
 * The one tokenizer shared by indexing, query planning and suggestions. Index and query must split text the
 * same way, or a query word can never meet the indexed word it was typed from.
 *
 * A word is a run of letters/digits (so snake_case, kebab-case and spaces all separate words). A compound word
 * is kept whole AND split into its camelCase / acronym / digit parts, because people type either form:
 * `CLIPTextEncode` → `cliptextencode clip text encode`, `sd15` → `sd15 sd 15`.
 */

const WORD = /[\p{L}\p{N}]+/gu;
// Acronym before a capitalised word (`CLIPText` → `CLIP`), capitalised or lower-case run, digits, and letters
// without case (CJK, Arabic …) as one run.
const PART = /\p{Lu}+(?!\p{Ll})|\p{Lu}?\p{Ll}+|\p{N}+|[\p{Lo}\p{Lm}\p{Lt}]+/gu;
const MARKS = /\p{M}+/gu;
/** Plain ASCII needs no Unicode folding (and most text is plain ASCII). */
const ASCII = /^\p{ASCII}*$/u;
/** Most words (descriptions) are plain lower-case ASCII or digits: no parts to find, skip the regex. */
const SIMPLE = /^(?:[a-z]+|[0-9]+)$/;
/** Longer tokens are base64, hashes or URLs: never typed, and costly for fuzzy matching. */
const MAX_TOKEN_LENGTH = 40;

/** Folds accents (é → e) so `démo` and `demo` meet. */
export function foldText(text: string): string {
  return ASCII.test(text) ? text : text.normalize('NFKD').replace(MARKS, '');
}

/** Words in their original case, accents folded. */
export function splitWords(text: string): string[] {
  return foldText(text).match(WORD) ?? [];
}

/** camelCase / acronym / digit parts of one word, lower-cased, in order (single characters included). */
export function wordParts(word: string): string[] {
  const parts = word.match(PART) ?? [];
  return parts.map((part) => part.toLowerCase());
}

/** The word itself (lower-case) plus its parts of two or more characters when it is a compound. */
export function expandWord(word: string): string[] {
  if (SIMPLE.test(word)) return word.length > MAX_TOKEN_LENGTH ? [] : [word];
  const whole = word.toLowerCase();
  const parts = wordParts(word);
  if (parts.length < 2) return whole.length > MAX_TOKEN_LENGTH ? [] : [whole];
  // A very long compound (a 50-letter class name) still gets its parts indexed.
  const out = whole.length > MAX_TOKEN_LENGTH ? [] : [whole];
  for (const part of parts) {
    if (part.length >= 2 && part.length <= MAX_TOKEN_LENGTH && !out.includes(part)) out.push(part);
  }
  return out;
}

/** Every index token of a text, duplicates kept (term frequency matters to BM25). */
export function expandText(text: string): string[] {
  const out: string[] = [];
  for (const word of splitWords(text)) for (const token of expandWord(word)) out.push(token);
  return out;
}

/** Lower-case letters and digits only: `ComfyUI-Impact Pack` and `comfyui_impact_pack` share one key. */
export function normalizeKey(text: string): string {
  return splitWords(text).join('').toLowerCase();
}

/** Completion quality of a label that starts with the typed prefix; a match on a later word counts 1. */
export const WHOLE_LABEL = 1.5;

/** Word starts per label that get a key; later words of long names are rarely typed first. */
const MAX_STARTS = 6;

/**
 * Completion keys of a label: the normalized text from the start of each of its first words and camelCase
 * parts, so a completion can begin mid-name: `comfyuiimpactpack`, `uiimpactpack`, `impactpack` and `pack`
 * for `ComfyUI-Impact-Pack`.
 */
export function completionKeys(label: string): string[] {
  const pieces = splitWords(label).flatMap((word) => wordParts(word));
  const keys: string[] = [];
  for (let i = 0; i < pieces.length && i < MAX_STARTS; i++) {
    // A later start needs a part of three characters or more: `ui…` (of ComfyUI) only adds noise and memory.
    if (i > 0 && (pieces[i]?.length ?? 0) < 3) continue;
    const key = pieces.slice(i).join('');
    if (key.length >= 2 && !keys.includes(key)) keys.push(key);
  }
  return keys;
}
