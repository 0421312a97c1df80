// Talks to the Firebase Auth emulator's REST API: real sign-up and sign-in, real ID tokens.

export const EMULATOR_HOST = process.env['FIREBASE_AUTH_EMULATOR_HOST'] ?? '127.0.0.1:9099';
export const EMULATOR_PROJECT = 'demo-nodeyard';
const base = `http://${EMULATOR_HOST}`;

/**
 * The emulator closes idle keep-alive connections after a few seconds; a request that fetch sent on
 * one just as it closed fails with "other side closed" before any answer (seen under load, on both
 * drivers, before and after the suite's speed-up). Such a request never reached the emulator, so it is
 * sent once more on a new connection; any other failure is the test's to see.
 */
async function post(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    if (code !== 'UND_ERR_SOCKET' && code !== 'ECONNRESET') throw error;
    return fetch(url, init);
  }
}

async function call<T>(path: string, body: unknown, options: { asAdmin?: boolean } = {}): Promise<T> {
  const response = await post(`${base}${path}`, {
    method: 'POST',
    // "Bearer owner" makes the emulator treat the call as an admin (Admin SDK) call.
    headers: { 'content-type': 'application/json', ...(options.asAdmin ? { authorization: 'Bearer owner' } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as T & { error?: { message: string } };
  if (!response.ok) throw new Error(`emulator ${path}: ${json.error?.message ?? response.status}`);
  return json;
}

export interface EmulatorUser {
  uid: string;
  email: string;
  idToken: string;
}

let counter = 0;
/** A fresh unique e-mail, so parallel test files never collide in the shared emulator. */
export function uniqueEmail(label = 'user'): string {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${process.pid}-${counter}@example.test`;
}

/** Creates an account and returns a real emulator ID token for it. */
export async function signUp(
  options: { email?: string; displayName?: string; emailVerified?: boolean } = {},
): Promise<EmulatorUser> {
  const email = options.email ?? uniqueEmail();
  const created = await call<{ localId: string; idToken: string }>(
    '/identitytoolkit.googleapis.com/v1/accounts:signUp?key=fake-api-key',
    { email, password: 'correct-horse-battery', returnSecureToken: true },
  );
  if (options.displayName || options.emailVerified) {
    await call(
      `/identitytoolkit.googleapis.com/v1/projects/${EMULATOR_PROJECT}/accounts:update`,
      {
        localId: created.localId,
        ...(options.displayName ? { displayName: options.displayName } : {}),
        ...(options.emailVerified ? { emailVerified: true } : {}),
      },
      { asAdmin: true },
    );
    // A new token carries the updated claims. Got through an unsigned custom token (the emulator takes
    // one; a real project never would): a password sign-in costs the emulator ~5× more, and the authz
    // matrix signs up hundreds of accounts.
    const signedIn = await call<{ idToken: string }>(
      '/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken?key=fake-api-key',
      {
        token: unsignedCustomToken(created.localId),
        returnSecureToken: true,
      },
    );
    return { uid: created.localId, email, idToken: signedIn.idToken };
  }
  return { uid: created.localId, email, idToken: created.idToken };
}

/** A custom token for `uid` with no signature: only the emulator accepts it. */
export function unsignedCustomToken(uid: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const claims = {
    aud: 'https://identitytoolkit.googleapis.com/google.identity.identitytoolkit.v1.IdentityToolkit',
    iat: now,
    exp: now + 3600,
    iss: 'tests@nodeyard.test',
    sub: 'tests@nodeyard.test',
    uid,
  };
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`;
}

export async function isEmulatorUp(): Promise<boolean> {
  try {
    const response = await fetch(`${base}/`, { signal: AbortSignal.timeout(1000) });
    return response.ok || response.status === 404;
  } catch {
    return false;
  }
}
