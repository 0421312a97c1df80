// The public Firebase web settings the browser needs to sign in. They are not secrets (Firebase
// web API keys identify a project; access is enforced by Firebase and our API), so the server
// renders them into the page instead of baking them into the build.

export interface FirebaseClientConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
  /** Base URL of the Auth emulator as the browser reaches it; null for a real Firebase project. */
  emulatorUrl: string | null;
}

/** The settings read from the server's environment (names as in .env.example). */
export interface FirebaseClientEnv {
  FIREBASE_PROJECT_ID?: string | undefined;
  FIREBASE_API_KEY?: string | undefined;
  FIREBASE_AUTH_DOMAIN?: string | undefined;
  FIREBASE_AUTH_EMULATOR_HOST?: string | undefined;
  FIREBASE_AUTH_EMULATOR_URL?: string | undefined;
}

const DEFAULT_PROJECT = 'demo-nodeyard';
const DEFAULT_EMULATOR_HOST = '127.0.0.1:9099';

/**
 * Builds the browser's config. A "demo-" project only exists in emulators, so it always gets one
 * (the host `npm start` runs, unless configured); a real project uses the emulator only when
 * FIREBASE_AUTH_EMULATOR_HOST says so, exactly like the server's token check.
 */
export function firebaseClientConfig(env: FirebaseClientEnv): FirebaseClientConfig {
  const projectId = env.FIREBASE_PROJECT_ID || DEFAULT_PROJECT;
  const isDemo = projectId.startsWith('demo-');
  const host = env.FIREBASE_AUTH_EMULATOR_HOST || (isDemo ? DEFAULT_EMULATOR_HOST : '');
  const emulatorUrl = env.FIREBASE_AUTH_EMULATOR_URL || (host ? `http://${host}` : null);
  return {
    // The emulator accepts any key; the SDK only insists that there is one.
    apiKey: env.FIREBASE_API_KEY || (isDemo ? 'demo-api-key' : ''),
    authDomain: env.FIREBASE_AUTH_DOMAIN || `${projectId}.firebaseapp.com`,
    projectId,
    emulatorUrl: emulatorUrl ? emulatorUrl.replace(/\/+$/, '') : null,
  };
}
