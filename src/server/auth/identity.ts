import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { decodeJwt } from 'jose';

/** What we keep from a verified Firebase ID token. */
export interface IdentityClaims {
  uid: string;
  email: string | undefined;
  emailVerified: boolean;
  name: string | undefined;
  picture: string | undefined;
  /** When this session signed in (the token's auth_time, seconds since the epoch); refreshes keep it. */
  authTime: number;
}

/** The identity port: turns a bearer token into claims, or null when it is not valid. */
export interface IdentityVerifier {
  verifyIdToken(token: string): Promise<IdentityClaims | null>;
  /**
   * "Sign out everywhere": revokes every refresh token of the account, so no session of it gets a
   * new ID token; answers the moment from which sign-ins count (the provider's, second-precise).
   */
  revokeSessions(uid: string): Promise<Date>;
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
        return claimsOf(await auth.verifyIdToken(token));
      } catch (error) {
        // Against the emulator, firebase-admin also checks revocation with it (against a real project
        // only when asked, which we do not), after the token itself verified. Such a token is authentic:
        // its claims go on to our own rule (sessionEnded), so a signed-out session is told
        // `session_revoked` in tests as in production, whichever second the revocation fell in.
        if ((error as { code?: unknown }).code === 'auth/id-token-revoked') {
          const payload = decodeJwt(token);
          return typeof payload.sub === 'string' ? claimsOf({ ...payload, uid: payload.sub }) : null;
        }
        // Expired, malformed, for another project, or a disabled account: all simply "not signed in".
        return null;
      }
    },
    async revokeSessions(uid) {
      await auth.revokeRefreshTokens(uid);
      // The provider keeps the moment as "valid since", in whole seconds; read it back rather than
      // guess it, so our check and the provider's agree to the second.
      const { tokensValidAfterTime } = await auth.getUser(uid);
      const since = tokensValidAfterTime ? new Date(tokensValidAfterTime) : null;
      return since && !Number.isNaN(since.getTime()) ? since : new Date(Math.floor(Date.now() / 1000) * 1000);
    },
  };
}

/** The claims we keep, from a decoded ID token. */
function claimsOf(decoded: Record<string, unknown> & { uid: string }): IdentityClaims {
  return {
    uid: decoded.uid,
    email: typeof decoded['email'] === 'string' ? decoded['email'].toLowerCase() : undefined,
    emailVerified: decoded['email_verified'] === true,
    name: typeof decoded['name'] === 'string' ? decoded['name'] : undefined,
    picture: typeof decoded['picture'] === 'string' ? decoded['picture'] : undefined,
    authTime: Number(decoded['auth_time']),
  };
}
