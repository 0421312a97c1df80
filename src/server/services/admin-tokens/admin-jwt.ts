import { createHmac, timingSafeEqual } from 'node:crypto';

// Short-lived admin tokens (POST /admin/generate-token): an HS256 JWT naming the admin, valid one
// hour. The key is derived from the server's signing secret with its own label, so a token can
// never pass as a signed storage URL or the other way round. A token proves "this admin signed in
// within the hour"; whether they are STILL an admin is checked on every use (auth/viewer.ts).

export const ADMIN_TOKEN_TTL_MS = 60 * 60 * 1000;
const ISSUER = 'nodeyard';
const AUDIENCE = 'nodeyard-admin';

const base64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');
const HEADER = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

function keyFor(secret: string): Buffer {
  return createHmac('sha256', secret).update('nodeyard admin token v1').digest();
}

function sign(secret: string, input: string): string {
  return createHmac('sha256', keyFor(secret)).update(input).digest('base64url');
}

export function issueAdminToken(secret: string, userId: string, now: Date): { token: string; expiresAt: Date } {
  const iat = Math.floor(now.getTime() / 1000);
  const expiresAt = new Date(iat * 1000 + ADMIN_TOKEN_TTL_MS);
  const payload = base64url(
    JSON.stringify({ iss: ISSUER, aud: AUDIENCE, sub: userId, iat, exp: Math.floor(expiresAt.getTime() / 1000) }),
  );
  const unsigned = `${HEADER}.${payload}`;
  return { token: `${unsigned}.${sign(secret, unsigned)}`, expiresAt };
}

/** The admin's user id when `token` is one of our admin tokens, unexpired; otherwise null. */
export function verifyAdminToken(secret: string, token: string, now: Date): string | null {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== HEADER) return null;
  const expected = Buffer.from(sign(secret, `${parts[0]}.${parts[1]}`));
  const given = Buffer.from(parts[2]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  let claims: { iss?: unknown; aud?: unknown; sub?: unknown; exp?: unknown };
  try {
    claims = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as typeof claims;
  } catch {
    return null;
  }
  if (claims.iss !== ISSUER || claims.aud !== AUDIENCE || typeof claims.sub !== 'string') return null;
  if (typeof claims.exp !== 'number' || claims.exp * 1000 <= now.getTime()) return null;
  return claims.sub;
}
