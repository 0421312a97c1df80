import { expect, type Page } from '@playwright/test';
import { PASSWORD } from './accounts.ts';
import { emulator, signInRest } from './emulator.ts';

// Signs a page in without the login form: the account signs in through the emulator's REST API, and
// the session is written where the Firebase SDK keeps it (IndexedDB), with the site's "maybe signed
// in" marker, before the page loads. The SDK then restores it as it would after a real sign-in (and
// checks it with the emulator). Only the auth spec drives the form: it is the subject there.

/** The app name the site gives Firebase (src/islands/auth/firebase-session.ts). */
const FIREBASE_APP = 'nodeyard';
/** The site's "maybe signed in" marker (src/islands/stores/auth-marker.ts). */
const SIGNED_IN_MARKER_KEY = 'nodeyard-signed-in';

interface LookedUp {
  users: {
    localId: string;
    email: string;
    emailVerified?: boolean;
    displayName?: string;
    createdAt: string;
    lastLoginAt: string;
  }[];
}

/** Opens `path` signed in as `email` (whose password is the specs' PASSWORD); answers the account's uid. */
export async function openSignedIn(
  page: Page,
  email: string,
  path: string,
  options: { timeout?: number } = {},
): Promise<string> {
  const account = await signInRest(email, PASSWORD);
  const refreshToken = (account as unknown as { refreshToken: string }).refreshToken;
  const { users } = await emulator<LookedUp>('/accounts:lookup?key=k', { idToken: account.idToken });
  const user = users[0]!;
  // IndexedDB belongs to the origin: open a tiny page of the site first.
  await page.goto('/healthz');
  await page.evaluate(
    async ({ user, idToken, refreshToken, app, marker }) => {
      const config = JSON.parse(
        (await (await fetch('/en/auth/login')).text()).match(
          /<script[^>]*id="nodeyard-firebase-config"[^>]*>([^<]*)<\/script>/,
        )?.[1] ?? 'null',
      ) as { apiKey: string } | null;
      if (!config) throw new Error('the login page carries no Firebase config');
      const persisted = {
        uid: user.localId,
        email: user.email,
        emailVerified: user.emailVerified === true,
        ...(user.displayName ? { displayName: user.displayName } : {}),
        isAnonymous: false,
        providerData: [
          {
            providerId: 'password',
            uid: user.email,
            email: user.email,
            displayName: null,
            phoneNumber: null,
            photoURL: null,
          },
        ],
        stsTokenManager: { refreshToken, accessToken: idToken, expirationTime: Date.now() + 55 * 60_000 },
        createdAt: user.createdAt,
        lastLoginAt: user.lastLoginAt,
        apiKey: config.apiKey,
        appName: app,
      };
      const key = `firebase:authUser:${config.apiKey}:${app}`;
      await new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('firebaseLocalStorageDb', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('firebaseLocalStorage', { keyPath: 'fbase_key' });
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('firebaseLocalStorage', 'readwrite');
          tx.objectStore('firebaseLocalStorage').put({ fbase_key: key, value: persisted });
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      });
      localStorage.setItem(marker, user.localId);
    },
    { user, idToken: account.idToken, refreshToken, app: FIREBASE_APP, marker: SIGNED_IN_MARKER_KEY },
  );
  await page.goto(path);
  await expect(page).toHaveURL(path, options.timeout === undefined ? {} : { timeout: options.timeout });
  return user.localId;
}
