import { expect, type Page } from '@playwright/test';

// Accounts for the account-page specs: the shared Firebase Auth emulator, one password constant.

const EMULATOR = `http://${process.env['FIREBASE_AUTH_EMULATOR_HOST'] ?? '127.0.0.1:9099'}`;
const PROJECT = 'demo-nodeyard';
export const PASSWORD = 'correct-horse-battery';
export const ADMIN_EMAIL = 'e2e-admin@nodeyard.test';
export const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

async function emulator<T>(path: string, body: unknown, asAdmin = false): Promise<T> {
  const response = await fetch(`${EMULATOR}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(asAdmin ? { authorization: 'Bearer owner' } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as T & { error?: { message: string } };
  if (!response.ok) throw new Error(json.error?.message ?? `emulator ${response.status}`);
  return json;
}

const signInRest = (email: string) =>
  emulator<{ idToken: string; localId: string }>(
    '/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=k',
    {
      email,
      password: PASSWORD,
      returnSecureToken: true,
    },
  );

/**
 * Signs an address up, or signs in to the existing account. The admin address is shared by several
 * specs, which may have set another password: only then is it reset to ours (a password change
 * signs out that account's other sessions, so it is never done needlessly). Returns an ID token.
 */
export async function ensureAccount(email: string, verified = false): Promise<string> {
  let localId: string;
  try {
    ({ localId } = await emulator<{ localId: string }>('/identitytoolkit.googleapis.com/v1/accounts:signUp?key=k', {
      email,
      password: PASSWORD,
      returnSecureToken: true,
    }));
  } catch (error) {
    if (!String(error).includes('EMAIL_EXISTS')) throw error;
    const existing = await signInRest(email).catch(() => null);
    if (existing) {
      localId = existing.localId;
    } else {
      const found = await emulator<{ users: { localId: string }[] }>(
        `/identitytoolkit.googleapis.com/v1/projects/${PROJECT}/accounts:lookup`,
        { email: [email] },
        true,
      );
      localId = found.users[0]!.localId;
      await emulator(
        `/identitytoolkit.googleapis.com/v1/projects/${PROJECT}/accounts:update`,
        { localId, password: PASSWORD },
        true,
      );
    }
  }
  if (verified) {
    await emulator(
      `/identitytoolkit.googleapis.com/v1/projects/${PROJECT}/accounts:update`,
      { localId, emailVerified: true },
      true,
    );
  }
  return (await signInRest(email)).idToken;
}

/** Opens a signed-in page while signed out: login with fromUrl, then back to the page. */
export async function signInAt(page: Page, email: string, path: string) {
  await page.goto(path);
  await expect(page).toHaveURL(/\/auth\/login\?fromUrl=/);
  await page.locator('input[type="email"]').fill(email);
  await page.locator('input[type="password"]').fill(PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(path);
}
