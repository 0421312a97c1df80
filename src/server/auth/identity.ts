import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';

/** What we keep from a verified Firebase ID token. */
export interface IdentityClaims {
  uid: string;
  email: string | undefined;
  emailVerified: boolean;
  name: string | undefined;
  picture: string | undefined;
}

/** The identity port: turns a bearer token into claims, or null when it is not valid. */
export interface IdentityVerifier {
  verifyIdToken(token: string): Promise<IdentityClaims | null>;
}

/**
 * Firebase Auth through firebase-admin. With FIREBASE_AUTH_EMULATOR_HOST set (dev, tests),
 * firebase-admin accepts the emulator's unsigned tokens; without it, only real signed tokens of
 * the project pass. One admin app per project, created once (not per request).
 */
export function firebaseIdentity(projectId: string): IdentityVerifier {
  const name = `nodeyard-${projectId}`;
  const app: App = getApps().find((a) => a.name === name) ?? initializeApp({ projectId }, name);
  const auth = getAuth(app);
  return {
    async verifyIdToken(token) {
      try {
        const decoded = await auth.verifyIdToken(token);
        return {
          uid: decoded.uid,
          email: decoded.email?.toLowerCase(),
          emailVerified: decoded.email_verified === true,
          name: typeof decoded['name'] === 'string' ? decoded['name'] : undefined,
          picture: decoded.picture,
        };
      } catch {
        // Expired, revoked, malformed or for another project: all simply "not signed in".
        return null;
      }
    },
  };
}
