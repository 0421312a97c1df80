// Who is signed in, shared by every island of the page. Firebase is loaded lazily: only when the
// "maybe signed in" marker says a session may exist (or an auth page asks for it), so anonymous
// visitors of public pages never download it.
import { atom, onMount } from 'nanostores';
import { setUnauthorizedListener } from '../../lib/api/unauthorized.ts';
import { forgetSavedToken, setLiveTokenProvider } from '../../lib/api/token.ts';
import {
  analyticsSettled,
  identifyUser,
  resetAnalytics,
  setProfileFields,
  trackEvent,
} from '../../lib/analytics/analytics.ts';
import { readFirebaseConfig } from '../../lib/firebase-config/element.ts';
import type { Auth, User } from '../auth/firebase-session.ts';
import { clearMarker, markSignedIn, readMarker, SIGNED_IN_MARKER_KEY } from './auth-marker.ts';

export interface AuthUser {
  uid: string;
  email: string | null;
  displayName: string | null;
  photoURL: string | null;
  emailVerified: boolean;
}

export interface AuthState {
  status: 'loading' | 'signed-out' | 'signed-in';
  user: AuthUser | null;
}

export const $auth = atom<AuthState>({ status: 'loading', user: null });

type SessionModule = typeof import('../auth/firebase-session.ts');
export interface FirebaseHandle {
  mod: SessionModule;
  auth: Auth;
}

let loading: Promise<FirebaseHandle | null> | null = null;
let verifiedUid: string | null = null;

function toAuthUser(user: User): AuthUser {
  return {
    uid: user.uid,
    email: user.email,
    displayName: user.displayName,
    photoURL: user.photoURL,
    emailVerified: user.emailVerified,
  };
}

function applyUser(user: User | null): void {
  if (!user) {
    clearMarker();
    forgetSavedToken();
    resetAnalytics();
    $auth.set({ status: 'signed-out', user: null });
    return;
  }
  // Another person's cached data must not show through (a new sign-in without a logout first).
  // (The query client is imported lazily: pages without data islands never need it.)
  const previous = readMarker();
  if (previous && previous !== user.uid) {
    void import('../../lib/query/query-client.ts').then(({ queryClient }) => queryClient.clear());
  }
  markSignedIn(user.uid);
  $auth.set({ status: 'signed-in', user: toAuthUser(user) });
  if (identifyUser({ uid: user.uid, email: user.email, name: user.displayName })) {
    // Profile fields beside the identity (the spec's "set profile fields"): sent with each new identity.
    setProfileFields({ email_verified: user.emailVerified, locale: document.documentElement.lang || null });
  }
}

/** Signs out a user whom Firebase no longer accepts (disabled, deleted, revoked or expired session). */
async function endSessionIfInvalid(handle: FirebaseHandle, check: (user: User) => Promise<unknown>): Promise<void> {
  const user = handle.auth.currentUser;
  if (!user) return;
  try {
    await check(user);
  } catch (error) {
    if (handle.mod.SESSION_ENDING_CODES.has(handle.mod.firebaseErrorCode(error))) await handle.mod.signOut(handle.auth);
  }
}

/** Loads Firebase once and follows its user; null when the page carries no Firebase config. */
export function loadFirebase(): Promise<FirebaseHandle | null> {
  loading ??= (async () => {
    const config = readFirebaseConfig();
    if (!config) return null;
    const mod = await import('../auth/firebase-session.ts');
    const handle: FirebaseHandle = { mod, auth: mod.firebaseAuth(config) };
    mod.onIdTokenChanged(handle.auth, (user) => {
      applyUser(user);
      // Once per user and page: reload asks the server, which is how a disabled account shows up
      // (and how an address verified since the last visit does: the token is then minted again).
      if (user && verifiedUid !== user.uid) {
        verifiedUid = user.uid;
        void endSessionIfInvalid(handle, () => refreshIdentityOf(handle));
      }
    });
    await handle.auth.authStateReady();
    return handle;
  })().catch(() => null);
  return loading;
}

/** Resolves the auth state: without the marker, "signed out" at once and no Firebase download. */
export async function startAuth(): Promise<void> {
  if (!loading && !readMarker()) {
    $auth.set({ status: 'signed-out', user: null });
    return;
  }
  const handle = await loadFirebase();
  if (!handle) $auth.set({ status: 'signed-out', user: null });
}

/** Pushes profile changes (display name, verification) that Firebase does not announce by itself. */
export function refreshAuthUser(handle: FirebaseHandle): void {
  applyUser(handle.auth.currentUser);
}

/** The live user's ID token (refreshed by Firebase when near expiry), or null when signed out. */
export async function getIdToken(): Promise<string | null> {
  if (!loading && !readMarker()) return null;
  const handle = await loadFirebase();
  const user = handle?.auth.currentUser;
  return user ? user.getIdToken() : null;
}

let lastRecheck = 0;
/**
 * A 401 for a token we believed in: force a refresh; Firebase refuses it for ended sessions. A
 * session signed out everywhere (from another device) is over whatever a refresh says: its sign-in
 * predates the revocation for good, so it signs out here at once.
 */
function recheckSession(code: string | undefined): void {
  if (code === 'session_revoked' && loading) {
    void loading.then((handle) => handle?.auth.currentUser && handle.mod.signOut(handle.auth));
    return;
  }
  if (!loading || Date.now() - lastRecheck < 30_000) return;
  lastRecheck = Date.now();
  void loading.then((handle) => handle && endSessionIfInvalid(handle, (user) => user.getIdToken(true)));
}

let signingOut = false;
/**
 * True once a logout started: sign-in gates then leave the navigation to whoever logs out (the user
 * menu goes to the signed-out page) instead of sending the reader to login.
 */
export function isSigningOut(): boolean {
  return signingOut;
}

/**
 * The spec's logout: sign out of Firebase, reset and clear every cached query, then empty
 * localStorage and sessionStorage. Throws when Firebase fails to sign out (the caller shows it).
 */
export async function signOutEverywhere(): Promise<void> {
  signingOut = true;
  const handle = await loadFirebase();
  try {
    if (handle?.auth.currentUser) trackEvent('Sign Out');
    if (handle) await handle.mod.signOut(handle.auth);
  } catch (error) {
    signingOut = false;
    throw error;
  }
  // The sign-out event is sent and the provider's identity reset before the storage it keeps is emptied.
  resetAnalytics();
  await analyticsSettled();
  const { wipeQueryCache } = await import('../../lib/query/query-client.ts');
  await wipeQueryCache();
  try {
    localStorage.clear();
    sessionStorage.clear();
  } catch {
    // Blocked storage holds nothing of ours.
  }
  $auth.set({ status: 'signed-out', user: null });
}

setLiveTokenProvider(getIdToken);
setUnauthorizedListener(recheckSession);

onMount($auth, () => {
  // Islands are also rendered on the server, where there is no session to look at: stay 'loading'.
  if (typeof window === 'undefined') return undefined;
  void startAuth();
  // A sign-in or sign-out in another tab flips the marker: follow it without a reload.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === SIGNED_IN_MARKER_KEY) void startAuth();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
});

/**
 * Asks Firebase for the account again and, when the address has been verified since the ID token was
 * minted, mints a new one: the API reads `email_verified` from the token, and admin rights
 * (ADMIN_EMAILS) are only granted on a verified token, so the old token would keep both locked.
 * Cached API answers (GET /users: isAdmin) are then refetched with the new token. Throws what
 * Firebase throws (offline, ended session); resolves whether the address is verified now.
 */
let refreshing: Promise<boolean> | null = null;
function refreshIdentityOf(handle: FirebaseHandle): Promise<boolean> {
  // Page load, focus and a click may all ask at once: one round trip answers them all.
  refreshing ??= refreshOnce(handle).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function refreshOnce(handle: FirebaseHandle): Promise<boolean> {
  const user = handle.auth.currentUser;
  if (!user) return false;
  await user.reload();
  if (!user.emailVerified) return false;
  // \`user.emailVerified\` follows the reload, the token's claim does not: compare the token itself.
  const { claims } = await user.getIdTokenResult();
  if (claims['email_verified'] !== true) {
    await user.getIdToken(true);
    const { queryClient } = await import('../../lib/query/query-client.ts');
    await queryClient.invalidateQueries();
  }
  refreshAuthUser(handle);
  return true;
}

/**
 * The banner's re-check (page load, focus, "I have verified") and the one before a write that needs
 * a verified address: the user may have opened the link in another tab or device.
 * Resolves whether the address is verified now; false when signed out or Firebase cannot be reached.
 */
export async function refreshIdentity(): Promise<boolean> {
  const handle = await loadFirebase();
  if (!handle) return false;
  try {
    return await refreshIdentityOf(handle);
  } catch {
    // Offline or refused: the request goes ahead with the token we have and the API says what is missing.
    return false;
  }
}

/** Before a write that needs a verified address (creating a publisher or a token). */
export async function ensureFreshVerification(): Promise<void> {
  if (!$auth.get().user) return;
  await refreshIdentity();
}

/** Sends the verification e-mail again to the signed-in user; false when there is nobody to send it to. */
export async function resendVerificationEmail(): Promise<boolean> {
  const handle = await loadFirebase();
  const user = handle?.auth.currentUser;
  if (!handle || !user) return false;
  await handle.mod.sendEmailVerification(user);
  return true;
}
