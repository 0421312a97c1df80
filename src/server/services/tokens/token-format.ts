import { createHash, randomBytes } from 'node:crypto';

/**
 * Personal access tokens look like `nyd_pat_<43 url-safe chars>`: the prefix makes leaked tokens
 * easy to spot (secret scanners, logs) and tells them apart from Firebase ID tokens.
 */
export const TOKEN_PREFIX = 'nyd_pat_';

/** A new random secret with a recognisable prefix (personal access tokens by default). */
export function generateToken(prefix: string = TOKEN_PREFIX): { token: string; hash: string; displayPrefix: string } {
  const token = `${prefix}${randomBytes(32).toString('base64url')}`;
  return { token, hash: hashToken(token), displayPrefix: token.slice(0, prefix.length + 4) };
}

/** Tokens are 256-bit random, so a fast unsalted hash is enough (no dictionary to attack). */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function looksLikeToken(value: string): boolean {
  return value.startsWith(TOKEN_PREFIX);
}
