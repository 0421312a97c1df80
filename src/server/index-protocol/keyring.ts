import { generateSigningKey, type PublicIndexKey, type SigningKey } from './signatures.ts';

/**
 * The keys of the signed index: the one that signs now, and every public key GET /index/v1/keys
 * lists (the signing key first, then keys announced for a rotation or still valid after one).
 */
export interface IndexKeyring {
  signing: SigningKey;
  published: PublicIndexKey[];
}

export function keyringOf(signing: SigningKey, others: PublicIndexKey[] = []): IndexKeyring {
  const seen = new Set([signing.id]);
  const published: PublicIndexKey[] = [{ id: signing.id, publicKey: signing.publicKey }];
  for (const key of others) {
    if (seen.has(key.id)) continue;
    seen.add(key.id);
    published.push(key);
  }
  return { signing, published };
}

/** A throw-away keyring (tests, one-off CLIs): a running server always has a configured or kept key. */
export function ephemeralKeyring(): IndexKeyring {
  return keyringOf(generateSigningKey());
}
