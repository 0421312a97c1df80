// The only module that imports the Firebase SDK. It is always loaded with a dynamic import (by the
// auth store when the visitor may be signed in, and by the auth pages), so anonymous visitors of
// public pages never download Firebase.
import { getApp, getApps, initializeApp } from 'firebase/app';
import {
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  EmailAuthProvider,
  getAuth,
  getRedirectResult,
  GithubAuthProvider,
  GoogleAuthProvider,
  onIdTokenChanged,
  reauthenticateWithCredential,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signInWithPopup,
  signInWithRedirect,
  signOut,
  updatePassword,
  updateProfile,
  verifyBeforeUpdateEmail,
  type Auth,
  type User,
  type UserCredential,
} from 'firebase/auth';
import type { FirebaseClientConfig } from '../../lib/firebase-config/config.ts';
import { popupOrRedirect } from './popup-fallback.ts';

const APP_NAME = 'nodeyard';
let auth: Auth | null = null;

/** The page's Auth instance, created once (and pointed at the emulator when the server says so). */
export function firebaseAuth(config: FirebaseClientConfig): Auth {
  if (auth) return auth;
  const app = getApps().some((a) => a.name === APP_NAME)
    ? getApp(APP_NAME)
    : initializeApp({ apiKey: config.apiKey, authDomain: config.authDomain, projectId: config.projectId }, APP_NAME);
  auth = getAuth(app);
  if (config.emulatorUrl) connectAuthEmulator(auth, config.emulatorUrl, { disableWarnings: true });
  return auth;
}

export type SocialProvider = 'google' | 'github';

function providerFor(name: SocialProvider) {
  if (name === 'github') {
    const github = new GithubAuthProvider();
    github.addScope('user:email');
    return github;
  }
  return new GoogleAuthProvider();
}

function codeOf(error: unknown): string {
  return (error as { code?: unknown })?.code && typeof (error as { code: unknown }).code === 'string'
    ? (error as { code: string }).code
    : '';
}

/** Popup first; when the browser blocks it, the same sign-in by redirect (resolves "redirect"). */
export function signInWithProvider(a: Auth, name: SocialProvider): Promise<UserCredential | 'redirect'> {
  const provider = providerFor(name);
  return popupOrRedirect(
    () => signInWithPopup(a, provider),
    () => signInWithRedirect(a, provider),
  );
}

export async function signUpWithEmail(a: Auth, email: string, password: string, displayName: string) {
  const credential = await createUserWithEmailAndPassword(a, email, password);
  if (displayName) await updateProfile(credential.user, { displayName });
  // The notice is the product; a failed send (offline, quota) must not undo the new account.
  await sendEmailVerification(credential.user).catch(() => undefined);
  return credential;
}

/** Whether the account signs in with an e-mail address and password (not only Google or GitHub). */
export function hasPassword(user: User): boolean {
  return user.providerData.some((provider) => provider.providerId === 'password');
}

/**
 * Proves it is still the account's owner at the keyboard (Firebase wants a recent sign-in before a
 * password or address change): the current password, checked by the identity provider.
 */
async function reauthenticate(user: User, password: string): Promise<void> {
  if (!user.email) throw Object.assign(new Error('no e-mail address'), { code: 'auth/missing-email' });
  await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, password));
}

/** A new password, after the current one is checked. */
export async function changePassword(a: Auth, current: string, next: string): Promise<void> {
  const user = a.currentUser;
  if (!user) throw Object.assign(new Error('signed out'), { code: 'auth/user-token-expired' });
  await reauthenticate(user, current);
  await updatePassword(user, next);
}

/**
 * A new e-mail address: the current password is checked, then a link goes to the new address; the
 * address changes only when that link is opened, so a typo cannot take the account away.
 */
export async function changeEmail(a: Auth, password: string, next: string): Promise<void> {
  const user = a.currentUser;
  if (!user) throw Object.assign(new Error('signed out'), { code: 'auth/user-token-expired' });
  await reauthenticate(user, password);
  await verifyBeforeUpdateEmail(user, next);
}

export {
  getRedirectResult,
  onIdTokenChanged,
  reauthenticateWithCredential,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signOut,
  type Auth,
  type User,
};

/** Error codes after which Firebase itself considers the session gone. */
export const SESSION_ENDING_CODES = new Set(['auth/user-disabled', 'auth/user-token-expired', 'auth/user-not-found']);
export { codeOf as firebaseErrorCode };
