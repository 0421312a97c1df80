import { createHmac, timingSafeEqual } from 'node:crypto';

// HMAC-signed, expiring URLs for the filesystem store: the API itself receives the upload, so the
// URL must prove it was issued by us, for this key, and is not expired.

function signature(secret: string, method: string, key: string, expires: number): string {
  return createHmac('sha256', secret).update(`${method}\n${key}\n${expires}`).digest('base64url');
}

export function signStorageUrl(options: {
  baseUrl: string;
  secret: string;
  method: 'PUT' | 'GET';
  key: string;
  expiresAt: Date;
}): string {
  const expires = Math.floor(options.expiresAt.getTime() / 1000);
  const url = new URL(`${options.baseUrl}/storage/objects`);
  url.searchParams.set('key', options.key);
  url.searchParams.set('expires', String(expires));
  url.searchParams.set('sig', signature(options.secret, options.method, options.key, expires));
  return url.toString();
}

export type SignatureCheck = 'ok' | 'invalid' | 'expired';

export function verifyStorageSignature(options: {
  secret: string;
  method: 'PUT' | 'GET';
  key: string;
  expires: string;
  sig: string;
  now: Date;
}): SignatureCheck {
  const expires = Number(options.expires);
  if (!Number.isInteger(expires)) return 'invalid';
  const expected = Buffer.from(signature(options.secret, options.method, options.key, expires));
  const given = Buffer.from(options.sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
  if (expires * 1000 < options.now.getTime()) return 'expired';
  return 'ok';
}
