// The bearer token of each request. The live Firebase user's token is preferred; it is copied into
// sessionStorage so that requests made before Firebase has restored the session (or on pages that
// never load Firebase) still carry the last known token, as the spec's data layer requires.

/** sessionStorage key of the last fresh ID token. */
export const SESSION_TOKEN_KEY = 'idToken';

/** Returns the live user's ID token, or null when no user is signed in. */
export type LiveTokenProvider = () => Promise<string | null>;

type TokenStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

let liveProvider: LiveTokenProvider | null = null;

/** The auth store registers itself here, so src/lib never imports Firebase or the islands. */
export function setLiveTokenProvider(provider: LiveTokenProvider | null): void {
  liveProvider = provider;
}

function browserSessionStorage(): TokenStorage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    // Storage can throw (privacy modes, sandboxed frames): behave as if there were none.
    return null;
  }
}

/** The token for the next request: live user first (saved for later), else the saved one, else null. */
export async function resolveBearerToken(
  storage: TokenStorage | null = browserSessionStorage(),
  provider: LiveTokenProvider | null = liveProvider,
): Promise<string | null> {
  let live: string | null;
  try {
    live = provider ? await provider() : null;
  } catch {
    live = null;
  }
  if (live) {
    try {
      storage?.setItem(SESSION_TOKEN_KEY, live);
    } catch {
      // A full or blocked storage only loses the fallback, not this request's token.
    }
    return live;
  }
  try {
    return storage?.getItem(SESSION_TOKEN_KEY) ?? null;
  } catch {
    return null;
  }
}

/** Forgets the saved token (sign-out, or a session Firebase says is gone). */
export function forgetSavedToken(storage: TokenStorage | null = browserSessionStorage()): void {
  try {
    storage?.removeItem(SESSION_TOKEN_KEY);
  } catch {
    // Nothing to forget without storage.
  }
}
