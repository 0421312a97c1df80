// REST calls to the shared Firebase Auth emulator (accounts persist there between runs and helpers).
import { unsignedCustomToken } from '#test/firebase-emulator.ts';

export const EMULATOR = `http://${process.env['FIREBASE_AUTH_EMULATOR_HOST'] ?? '127.0.0.1:9099'}`;
export const PROJECT = 'demo-nodeyard';
const TOOLKIT = '/identitytoolkit.googleapis.com/v1';

/** POSTs to the emulator's identity toolkit; `asAdmin` sends the emulator's owner credential. */
export async function emulator<T>(path: string, body: unknown, asAdmin = false): Promise<T> {
  const response = await fetch(`${EMULATOR}${TOOLKIT}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(asAdmin ? { authorization: 'Bearer owner' } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as T & { error?: { message: string } };
  if (!response.ok) throw new Error(json.error?.message ?? `emulator ${path}: ${response.status}`);
  return json;
}

export interface EmulatorAccount {
  localId: string;
  idToken: string;
}

export const signUpRest = (email: string, password: string) =>
  emulator<EmulatorAccount>('/accounts:signUp?key=k', { email, password, returnSecureToken: true });

export const signInRest = (email: string, password: string) =>
  emulator<EmulatorAccount>('/accounts:signInWithPassword?key=k', { email, password, returnSecureToken: true });

export async function lookUpLocalId(email: string): Promise<string> {
  const found = await emulator<{ users: { localId: string }[] }>(
    `/projects/${PROJECT}/accounts:lookup`,
    { email: [email] },
    true,
  );
  return found.users[0]!.localId;
}

export const updateAccount = (localId: string, changes: Record<string, unknown>) =>
  emulator(`/projects/${PROJECT}/accounts:update`, { localId, ...changes }, true);

/**
 * An ID token for an account without knowing its password: the emulator accepts an unsigned custom
 * token (a real Firebase project never would).
 */
export async function tokenForLocalId(localId: string): Promise<string> {
  const { idToken } = await emulator<{ idToken: string }>('/accounts:signInWithCustomToken?key=k', {
    token: unsignedCustomToken(localId),
    returnSecureToken: true,
  });
  return idToken;
}
