import { createHash, randomBytes } from 'node:crypto';

/** A fresh OAuth `state`: 32 random bytes, URL-safe, unguessable. */
export function newStateToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the table stores instead of the state itself, so a database leak cannot finish a round-trip. */
export function hashStateToken(state: string): string {
  return createHash('sha256').update(state).digest('hex');
}

/** How long a user has to approve on GitHub before the state stops working. */
export const STATE_LIFETIME_MS = 10 * 60 * 1000;
