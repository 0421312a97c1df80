import { createHmac, timingSafeEqual } from 'node:crypto';

// How a delivery is signed (Stripe's scheme): the header
//   Nodeyard-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>
// The timestamp is inside the MAC, so a receiver that refuses old timestamps (5 minutes, say) also
// refuses a captured delivery replayed later. docs/publishing.md § Webhooks shows how to check it.

export const SIGNATURE_HEADER = 'nodeyard-signature';

export function signatureMac(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

export function signatureHeader(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${signatureMac(secret, timestamp, body)}`;
}

/**
 * The receiver's side, kept here as the reference the docs describe (and the tests use): true when the
 * header carries a v1 MAC of this body at its timestamp and that timestamp is within `toleranceSec` of `nowSec`.
 */
export function verifySignatureHeader(
  header: string,
  secret: string,
  body: string,
  nowSec: number,
  toleranceSec = 300,
): boolean {
  const parts = header.split(',').map((part) => part.split('=', 2) as [string, string | undefined]);
  const timestamp = Number(parts.find(([key]) => key === 't')?.[1]);
  if (!Number.isInteger(timestamp) || Math.abs(nowSec - timestamp) > toleranceSec) return false;
  const expected = Buffer.from(signatureMac(secret, timestamp, body), 'hex');
  return parts.some(([key, value]) => {
    if (key !== 'v1' || !value || !/^[0-9a-f]{64}$/.test(value)) return false;
    return timingSafeEqual(Buffer.from(value, 'hex'), expected);
  });
}
