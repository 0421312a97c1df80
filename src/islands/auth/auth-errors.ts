// Firebase Auth error codes → our translated messages (spec §8 lists the conditions). Pure, so the
// mapping is unit-tested without a browser.
import type { PlainKey } from '../../i18n/message-keys.ts';
import type { TFunction } from '../../i18n/translator.ts';

const KEYS: Record<string, PlainKey> = {
  'auth/email-already-in-use': 'authErrors.emailInUse',
  'auth/wrong-password': 'authErrors.wrongPassword',
  'auth/invalid-credential': 'authErrors.invalidCredential',
  'auth/invalid-login-credentials': 'authErrors.invalidCredential',
  'auth/user-not-found': 'authErrors.userNotFound',
  'auth/too-many-requests': 'authErrors.tooManyRequests',
  'auth/user-disabled': 'authErrors.userDisabled',
  'auth/popup-blocked': 'authErrors.popupBlocked',
  'auth/popup-closed-by-user': 'authErrors.popupClosed',
  'auth/cancelled-popup-request': 'authErrors.popupClosed',
  'auth/user-cancelled': 'authErrors.popupClosed',
  'auth/network-request-failed': 'authErrors.networkFailed',
  'auth/timeout': 'authErrors.networkFailed',
  'auth/unauthorized-domain': 'authErrors.unauthorizedDomain',
  'auth/invalid-email': 'authErrors.invalidEmail',
  'auth/missing-email': 'authErrors.invalidEmail',
  'auth/weak-password': 'authErrors.weakPassword',
  'auth/account-exists-with-different-credential': 'authErrors.accountExists',
  'auth/credential-already-in-use': 'authErrors.accountExists',
  'auth/operation-not-allowed': 'authErrors.operationNotAllowed',
  'auth/user-token-expired': 'authErrors.expired',
  'auth/requires-recent-login': 'authErrors.expired',
};

export function errorCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
}

/** The requirement list Firebase puts in brackets in a password-policy error ("[Password must …]"). */
export function passwordRequirements(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message;
  if (typeof message !== 'string') return '';
  const match = /\[([^\]]+)\]/.exec(message);
  return (match?.[1] ?? '').trim();
}

/** The translation key for an error code ("" for codes we have no wording for). */
export function authErrorKey(code: string): PlainKey | '' {
  return KEYS[code] ?? '';
}

/** A friendly, translated sentence for any sign-in error. */
export function authErrorMessage(error: unknown, t: TFunction): string {
  const code = errorCode(error);
  if (code === 'auth/password-does-not-meet-requirements') {
    return t('authErrors.passwordPolicy', { requirements: passwordRequirements(error) || code });
  }
  const key = authErrorKey(code);
  if (key) return t(key);
  const raw = (error as { message?: unknown } | null)?.message;
  // Firebase's own text is English and technical; keep only the code when there is one.
  return t('authErrors.generic', { error: code || (typeof raw === 'string' ? raw : String(error)) });
}
