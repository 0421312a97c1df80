import { expect, type Page } from '@playwright/test';
import {
  lookUpLocalId,
  signInRest,
  signUpRest,
  tokenForLocalId,
  updateAccount,
  type EmulatorAccount,
} from './emulator.ts';

// Accounts for the browser specs. Every spec uses one password; the fixed admin address is shared by
// all specs (and helpers), so it is signed up, or signed into when it exists already.

export const PASSWORD = 'correct-horse-battery';
export const ADMIN_EMAIL = 'e2e-admin@nodeyard.test';
export const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

let counter = 0;
/** An address no other test (nor an earlier run) has used. */
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${process.pid}-${counter}@nodeyard.test`;
}

interface AccountOptions {
  verified?: boolean;
  displayName?: string;
}

/**
 * Signs an address up, or signs in to the existing account, and returns a fresh ID token with its
 * local id. An existing account whose password another spec changed gets ours back (only then: a
 * password change signs out that account's other sessions).
 */
export async function signUpOrIn(email: string, options: AccountOptions = {}): Promise<EmulatorAccount> {
  let localId: string;
  try {
    ({ localId } = await signUpRest(email, PASSWORD));
  } catch (error) {
    if (!String(error).includes('EMAIL_EXISTS')) throw error;
    const existing = await signInRest(email, PASSWORD).catch(() => null);
    if (existing) {
      localId = existing.localId;
    } else {
      localId = await lookUpLocalId(email);
      await updateAccount(localId, { password: PASSWORD });
    }
  }
  if (options.verified || options.displayName) {
    await updateAccount(localId, {
      ...(options.verified ? { emailVerified: true } : {}),
      ...(options.displayName ? { displayName: options.displayName } : {}),
    });
  }
  // Signed in after any update, so the token carries the verified flag and the name.
  return signInRest(email, PASSWORD);
}

/** `signUpOrIn` for callers that only need the ID token. */
export async function ensureAccount(email: string, verified = false): Promise<string> {
  return (await signUpOrIn(email, { verified })).idToken;
}

/**
 * The verified e2e admin's ID token (the server makes this address an admin), got without signing in
 * by password, so other specs' browser sessions of that account are never disturbed.
 */
export async function adminToken(): Promise<string> {
  const localId = await signUpRest(ADMIN_EMAIL, PASSWORD).then(
    (created) => created.localId,
    (error: unknown) => {
      if (!String(error).includes('EMAIL_EXISTS')) throw error;
      return lookUpLocalId(ADMIN_EMAIL);
    },
  );
  await updateAccount(localId, { emailVerified: true });
  return tokenForLocalId(localId);
}

interface SignInOptions {
  /** The exact login address expected (the default only checks it is login with a fromUrl). */
  loginUrl?: string | RegExp;
  /** For pages that hydrate slowly on a busy machine. */
  timeout?: number;
}

/** Opens a signed-in page while signed out: login with fromUrl, the form signs in, back to the page. */
export async function signInAt(page: Page, email: string, path: string, options: SignInOptions = {}) {
  const { loginUrl = /\/auth\/login\?fromUrl=/ } = options;
  const wait = options.timeout === undefined ? {} : { timeout: options.timeout };
  await page.goto(path);
  await expect(page).toHaveURL(loginUrl, wait);
  await page.locator('input[type="email"]').fill(email);
  await page.locator('input[type="password"]').fill(PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(path, wait);
}
