import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  verify,
  type KeyObject,
} from 'node:crypto';

// Ed25519 over the exact uncompressed bytes of an index document, with node:crypto only: any stock
// Ed25519 verifier (Python's `cryptography`, libsodium, Go's crypto/ed25519) checks the same bytes
// against the raw 32-byte public key that GET /index/v1/keys publishes.

export interface SigningKey {
  id: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
}

export interface PublicIndexKey {
  id: string;
  publicKey: KeyObject;
}

/** The raw 32-byte public key, base64 (the form /index/v1/keys and pinned configuration use). */
export function rawPublicKey(publicKey: KeyObject): string {
  const x = publicKey.export({ format: 'jwk' }).x;
  if (!x || publicKey.asymmetricKeyType !== 'ed25519') throw new Error('Not an Ed25519 public key.');
  return Buffer.from(x, 'base64url').toString('base64');
}

/** A key's id: derived from the key itself, so configuration never has to name it. */
export function keyIdOf(publicKey: KeyObject): string {
  const digest = createHash('sha256')
    .update(Buffer.from(rawPublicKey(publicKey), 'base64'))
    .digest('hex');
  return `ed25519-${digest.slice(0, 16)}`;
}

/** A public key from its raw base64 form; throws with a reason when it is not one. */
export function publicKeyFromRaw(raw: string): PublicIndexKey {
  const bytes = Buffer.from(raw.trim(), 'base64');
  if (bytes.length !== 32)
    throw new Error(`An Ed25519 public key is 32 bytes; "${raw.trim()}" decodes to ${bytes.length}.`);
  const publicKey = createPublicKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: bytes.toString('base64url') },
    format: 'jwk',
  });
  return { id: keyIdOf(publicKey), publicKey };
}

/** A signing key from a PKCS#8 PEM private key (what `openssl genpkey -algorithm ed25519` writes). */
export function signingKeyFromPem(pem: string): SigningKey {
  const privateKey = createPrivateKey(pem.replace(/\\n/g, '\n'));
  if (privateKey.asymmetricKeyType !== 'ed25519') {
    throw new Error(`The index signing key must be Ed25519, not ${privateKey.asymmetricKeyType ?? 'unknown'}.`);
  }
  const publicKey = createPublicKey(privateKey);
  return { id: keyIdOf(publicKey), privateKey, publicKey };
}

export function generateSigningKey(): SigningKey {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return { id: keyIdOf(publicKey), privateKey, publicKey };
}

export function signingKeyPem(key: SigningKey): string {
  return key.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
}

/** The detached signature of `bytes`, base64. */
export function signBytes(bytes: Uint8Array, key: SigningKey): string {
  return sign(null, bytes, key.privateKey).toString('base64');
}

/** Whether `signature` (base64) is `key`'s signature of exactly these bytes. */
export function verifyBytes(bytes: Uint8Array, signature: string, key: KeyObject): boolean {
  const raw = Buffer.from(signature, 'base64');
  if (raw.length !== 64) return false;
  return verify(null, bytes, key, raw);
}
