/**
 * What a recorded search may look like before it can ever be counted as a "popular query". Anything
 * a visitor types could end up in other people's search boxes, so the text is normalised and
 * shapes that carry links or contact details, or that nobody types as a search, are dropped here.
 */

/** Longer texts are sentences, not searches (and leave too much room for a message). */
export const MAX_QUERY_LENGTH = 60;
const MIN_QUERY_LENGTH = 2;
const MAX_WORDS = 6;
/** Longer tokens are hashes, base64 or glued-together text (the index ignores them too). */
const MAX_TOKEN_LENGTH = 40;

const CONTROL = /\p{Cc}|\p{Cf}/gu;
const URL_LIKE = /:\/\/|\bwww\.|\b[\p{L}\p{N}-]+\.(?:[a-z]{2,}|xn--[a-z0-9-]+)\b/iu;
const EMAIL_LIKE = /@/;

/** Trimmed, spaces collapsed, lower case (NFKC, so look-alike forms count as one query). */
export function normalizeQueryText(text: string): string {
  return text.normalize('NFKC').replace(CONTROL, ' ').trim().replace(/\s+/g, ' ').toLowerCase();
}

/** The normalised text of a search worth counting, or null when it must never be suggested. */
export function recordableQuery(text: string): string | null {
  const normalized = normalizeQueryText(text);
  if (normalized.length < MIN_QUERY_LENGTH || normalized.length > MAX_QUERY_LENGTH) return null;
  const tokens = normalized.split(' ');
  if (tokens.length > MAX_WORDS || tokens.some((token) => token.length > MAX_TOKEN_LENGTH)) return null;
  if (URL_LIKE.test(normalized) || EMAIL_LIKE.test(normalized)) return null;
  return normalized;
}
