import { describe, expect, it } from 'vitest';
import { createTranslator } from '../../i18n/translator.ts';
import en from '../../i18n/locales/auth/en.json' with { type: 'json' };
import fr from '../../i18n/locales/auth/fr.json' with { type: 'json' };
import { authErrorKey, authErrorMessage, passwordRequirements } from './auth-errors.ts';

const t = createTranslator('en', en);
const fail = (code: string, message = `Firebase: Error (${code}).`) => Object.assign(new Error(message), { code });

describe('auth error messages', () => {
  it('has wording for every condition the spec lists', () => {
    for (const code of [
      'auth/email-already-in-use',
      'auth/wrong-password',
      'auth/invalid-credential',
      'auth/user-not-found',
      'auth/too-many-requests',
      'auth/user-disabled',
      'auth/popup-blocked',
      'auth/popup-closed-by-user',
      'auth/network-request-failed',
      'auth/unauthorized-domain',
    ]) {
      const key = authErrorKey(code);
      expect(key, code).not.toBe('');
      expect(t(key), code).not.toBe(key);
    }
  });

  it('translates', () => {
    const frT = createTranslator('fr', fr, en);
    expect(authErrorMessage(fail('auth/wrong-password'), frT)).toBe(
      'Mot de passe incorrect. Réessayez ou réinitialisez votre mot de passe.',
    );
  });

  it("shows the provider's password requirements", () => {
    const error = fail(
      'auth/password-does-not-meet-requirements',
      'Firebase: Missing password requirements: [Password must contain at least 8 characters] (auth/password-does-not-meet-requirements).',
    );
    expect(passwordRequirements(error)).toBe('Password must contain at least 8 characters');
    expect(authErrorMessage(error, t)).toBe(
      'This password does not meet the requirements: Password must contain at least 8 characters',
    );
  });

  it('falls back to a generic sentence with the code', () => {
    expect(authErrorMessage(fail('auth/internal-error'), t)).toBe('Signing in failed: auth/internal-error');
    expect(authErrorMessage(new Error('boom'), t)).toBe('Signing in failed: boom');
  });
});
