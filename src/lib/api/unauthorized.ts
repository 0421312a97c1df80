// Who is told of a 401. Its own module so the auth store (loaded by the header on every page) registers
// itself without importing the API client, whose fetch library only the data islands need.

/** Told of a 401 for a request that carried a token, with the server's code (`session_revoked`, …). */
export type UnauthorizedListener = (code: string | undefined) => void;

let listener: UnauthorizedListener | null = null;

/** The auth store listens for 401s to re-check the session (a disabled or expired user is signed out). */
export function setUnauthorizedListener(next: UnauthorizedListener | null): void {
  listener = next;
}

/** Called by the API client on a 401 to a request that carried a token. */
export function notifyUnauthorized(code: string | undefined): void {
  listener?.(code);
}
