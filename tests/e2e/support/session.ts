import type { Page } from '@playwright/test';
import { emulator } from './emulator.ts';
import { PASSWORD } from './accounts.ts';

// A browser session without the login form: the emulator signs the account in over REST and the
// result is written where the Firebase SDK looks for a saved user. The SDK checks localStorage after
// IndexedDB and moves a user it finds there into IndexedDB itself, so the page restores this session
// exactly as it would restore one of its own; the site's "maybe signed in" marker makes it look.

interface PasswordSignIn {
  localId: string;
  email: string;
  idToken: string;
  refreshToken: string;
  expiresIn: string;
}

/** What the SDK's `UserImpl.toJSON()` saves (the fields `_fromJSON` requires, and the e-mail). */
function savedUser(signIn: PasswordSignIn, apiKey: string, appName: string) {
  return {
    uid: signIn.localId,
    email: signIn.email,
    // The SDK's first reload on the page asks the emulator for the real value.
    emailVerified: false,
    isAnonymous: false,
    providerData: [],
    stsTokenManager: {
      refreshToken: signIn.refreshToken,
      accessToken: signIn.idToken,
      expirationTime: Date.now() + Number(signIn.expiresIn) * 1000,
    },
    apiKey,
    appName,
  };
}

/**
 * Signs `email` (an account made with PASSWORD) in on `page` and opens `path`. The page first visits
 * the site's home to reach its origin and read the public Firebase config the server put there.
 */
export async function openSignedIn(page: Page, email: string, path: string): Promise<string> {
  const signIn = await emulator<PasswordSignIn>('/accounts:signInWithPassword?key=k', {
    email,
    password: PASSWORD,
    returnSecureToken: true,
  });
  await page.goto('/en/');
  const apiKey = await page.evaluate(
    () => (JSON.parse(document.getElementById('nodeyard-firebase-config')!.textContent!) as { apiKey: string }).apiKey,
  );
  // The app name the site gives Firebase (src/islands/auth/firebase-session.ts).
  const appName = 'nodeyard';
  await page.evaluate(
    ({ key, value, uid }) => {
      localStorage.setItem(key, value);
      localStorage.setItem('nodeyard-signed-in', uid);
    },
    {
      key: `firebase:authUser:${apiKey}:${appName}`,
      value: JSON.stringify(savedUser(signIn, apiKey, appName)),
      uid: signIn.localId,
    },
  );
  await page.goto(path);
  return signIn.localId;
}
