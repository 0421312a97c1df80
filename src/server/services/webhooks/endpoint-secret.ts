import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

// A webhook endpoint's signing secret. Every delivery is signed with it, so the server must be able to
// read it again: a hash (as for access tokens) would not do. It is stored encrypted with AES-256-GCM
// under a key derived from the server's signing secret (STORAGE_SIGNING_SECRET, or the one generated
// into DATA_DIR), with the endpoint id as associated data: a database dump or export alone reveals no
// secret, and a ciphertext copied onto another endpoint does not decrypt. Changing the server's
// signing secret makes stored webhook secrets unreadable: owners then roll their endpoint's secret.

const PREFIX = 'whsec_';
const FORMAT = 'v1';

/** A new secret: `whsec_` and 32 random bytes, base64url. */
export function generateEndpointSecret(): string {
  return `${PREFIX}${randomBytes(32).toString('base64url')}`;
}

/** What the dashboard shows to tell secrets apart (never enough to sign). */
export const secretDisplayPrefix = (secret: string) => secret.slice(0, PREFIX.length + 4);

function encryptionKey(serverSecret: string): Buffer {
  return createHmac('sha256', serverSecret).update('nodeyard webhook secret encryption v1').digest();
}

export function encryptEndpointSecret(secret: string, endpointId: string, serverSecret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', encryptionKey(serverSecret), iv);
  cipher.setAAD(Buffer.from(endpointId));
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${FORMAT}.${iv.toString('base64url')}.${sealed.toString('base64url')}`;
}

/** The secret, or null when it does not decrypt (another server secret, or a tampered row). */
export function decryptEndpointSecret(stored: string, endpointId: string, serverSecret: string): string | null {
  const [format, ivPart, sealedPart] = stored.split('.');
  if (format !== FORMAT || !ivPart || !sealedPart) return null;
  const sealed = Buffer.from(sealedPart, 'base64url');
  if (sealed.length < 17) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', encryptionKey(serverSecret), Buffer.from(ivPart, 'base64url'));
    decipher.setAAD(Buffer.from(endpointId));
    decipher.setAuthTag(sealed.subarray(sealed.length - 16));
    return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - 16)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
