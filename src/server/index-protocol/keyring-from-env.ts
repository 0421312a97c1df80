import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { keyringOf, type IndexKeyring } from './keyring.ts';
import {
  generateSigningKey,
  publicKeyFromRaw,
  signingKeyFromPem,
  signingKeyPem,
  type PublicIndexKey,
} from './signatures.ts';

export interface IndexKeyEnv {
  INDEX_SIGNING_KEY?: string | undefined;
  INDEX_SIGNING_KEY_FILE?: string | undefined;
  INDEX_EXTRA_PUBLIC_KEYS?: string | undefined;
}

/** Comma-separated raw public keys; throws naming the bad entry. */
export function parsePublicKeys(list: string | undefined, setting: string): PublicIndexKey[] {
  if (!list) return [];
  return list
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .map((raw) => {
      try {
        return publicKeyFromRaw(raw);
      } catch (error) {
        throw new Error(`${setting}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
      }
    });
}

function signingKeyFrom(env: IndexKeyEnv, dataDir: string) {
  const configured =
    env.INDEX_SIGNING_KEY ?? (env.INDEX_SIGNING_KEY_FILE ? readFileSync(env.INDEX_SIGNING_KEY_FILE, 'utf8') : null);
  const setting = env.INDEX_SIGNING_KEY ? 'INDEX_SIGNING_KEY' : 'INDEX_SIGNING_KEY_FILE';
  if (configured !== null) {
    try {
      return { key: signingKeyFromPem(configured), generated: false };
    } catch (error) {
      throw new Error(
        `${setting}: not an Ed25519 private key in PKCS#8 PEM (${error instanceof Error ? error.message : String(error)}).`,
        { cause: error },
      );
    }
  }
  // The embedded default: made once and kept, so restarts keep the key clients pinned.
  const file = join(dataDir, 'index-signing-key.pem');
  if (existsSync(file)) return { key: signingKeyFromPem(readFileSync(file, 'utf8')), generated: false };
  const key = generateSigningKey();
  writeFileSync(file, signingKeyPem(key), { mode: 0o600 });
  return { key, generated: true };
}

/**
 * The index keyring of a server: the configured signing key (or the one kept in DATA_DIR) and the
 * extra public keys to announce. `generated` tells the caller a new key was just made.
 */
export function keyringFromEnv(env: IndexKeyEnv, dataDir: string): { keyring: IndexKeyring; generated: boolean } {
  const { key, generated } = signingKeyFrom(env, dataDir);
  return {
    keyring: keyringOf(key, parsePublicKeys(env.INDEX_EXTRA_PUBLIC_KEYS, 'INDEX_EXTRA_PUBLIC_KEYS')),
    generated,
  };
}
