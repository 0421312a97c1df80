import type { Context } from 'hono';
import type { AppEnv } from '../app-env.ts';
import type { UserRow } from '../db/rows.ts';
import { ApiError, forbidden, unauthorized } from '../errors.ts';
import { adminFromToken } from '../services/admin-tokens/admin-viewer.ts';
import { ensureUser } from '../services/users/ensure-user.ts';
import { sessionEnded } from '../services/users/sessions.ts';

/** The bearer token of the request, if any. */
export function bearerToken(c: Context<AppEnv>): string | undefined {
  const header = c.req.header('authorization');
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}

/**
 * The signed-in user (Firebase ID token, or an admin token, in `Authorization: Bearer`), or null for anonymous
 * requests and invalid tokens. Resolved once per request.
 */
export async function getViewer(c: Context<AppEnv>): Promise<UserRow | null> {
  const cached = c.get('viewer');
  if (cached !== undefined) return cached;
  const token = bearerToken(c);
  let viewer: UserRow | null = null;
  let emailVerified = false;
  if (token) {
    const services = c.get('services');
    // A short-lived admin token (POST /admin/generate-token) stands for its admin; else Firebase.
    viewer = await adminFromToken(services, token);
    emailVerified = viewer !== null;
    if (!viewer) {
      const claims = await services.identity.verifyIdToken(token);
      if (claims) viewer = await ensureUser(services.db, claims, services.config.adminEmails, services.clock.now());
      emailVerified = claims?.emailVerified === true;
      // Signed out everywhere since this session signed in: anonymous now, and told so by requireUser.
      if (viewer && claims && sessionEnded(viewer, claims.authTime)) {
        c.set('sessionRevoked', true);
        viewer = null;
        emailVerified = false;
      }
    }
  }
  c.set('viewer', viewer);
  c.set('viewerEmailVerified', emailVerified);
  return viewer;
}

/** The signed-in user, else 401. Banned users may still read their own data. */
export async function requireUser(c: Context<AppEnv>): Promise<UserRow> {
  const viewer = await getViewer(c);
  if (!viewer && c.get('sessionRevoked')) {
    throw new ApiError(401, 'session_revoked', 'This session was signed out everywhere: sign in again.');
  }
  if (!viewer) throw unauthorized();
  return viewer;
}

/** The signed-in, not banned user: every write a user makes goes through this. */
export async function requireActiveUser(c: Context<AppEnv>): Promise<UserRow> {
  const viewer = await requireUser(c);
  if (viewer.status === 'UserStatusBanned') throw forbidden('Your account is banned.', 'user_banned');
  return viewer;
}

/**
 * An active user whose e-mail address is verified: what creating a publisher or a publishing token
 * needs (the sign-up page says "Verify your address to publish nodes"). Admins are exempt.
 */
export async function requireVerifiedUser(c: Context<AppEnv>): Promise<UserRow> {
  const viewer = await requireActiveUser(c);
  if (!viewer.isAdmin && c.get('viewerEmailVerified') !== true) {
    throw forbidden(
      'Verify your e-mail address first: open the link we sent you, then try again.',
      'email_not_verified',
    );
  }
  return viewer;
}

export async function requireAdmin(c: Context<AppEnv>): Promise<UserRow> {
  const viewer = await requireActiveUser(c);
  if (!viewer.isAdmin) throw forbidden('This needs an administrator.', 'admin_required');
  return viewer;
}
