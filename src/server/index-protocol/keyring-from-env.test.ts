import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyringFromEnv } from './keyring-from-env.ts';
import { generateSigningKey, rawPublicKey, signingKeyPem } from './signatures.ts';

describe('the index keyring from the environment', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'nodeyard-index-keys-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('generates a key into DATA_DIR once and keeps it across restarts', async () => {
    const first = keyringFromEnv({}, dataDir);
    expect(first.generated).toBe(true);
    expect(await readFile(join(dataDir, 'index-signing-key.pem'), 'utf8')).toMatch(/BEGIN PRIVATE KEY/);
    const again = keyringFromEnv({}, dataDir);
    expect(again.generated).toBe(false);
    expect(again.keyring.signing.id).toBe(first.keyring.signing.id);
  });

  it('signs with INDEX_SIGNING_KEY (line breaks as \\n allowed) and announces INDEX_EXTRA_PUBLIC_KEYS', () => {
    const configured = generateSigningKey();
    const next = generateSigningKey();
    const { keyring } = keyringFromEnv(
      {
        INDEX_SIGNING_KEY: signingKeyPem(configured).replace(/\n/g, '\\n'),
        INDEX_EXTRA_PUBLIC_KEYS: ` ${rawPublicKey(next.publicKey)} , ${rawPublicKey(configured.publicKey)}`,
      },
      dataDir,
    );
    expect(keyring.signing.id).toBe(configured.id);
    expect(keyring.published.map((key) => key.id)).toEqual([configured.id, next.id]);
  });

  it('names the setting when a key is not one', () => {
    expect(() => keyringFromEnv({ INDEX_SIGNING_KEY: 'not a key' }, dataDir)).toThrow(
      /INDEX_SIGNING_KEY: not an Ed25519/,
    );
    expect(() => keyringFromEnv({ INDEX_EXTRA_PUBLIC_KEYS: 'AAAA' }, dataDir)).toThrow(
      /INDEX_EXTRA_PUBLIC_KEYS: An Ed25519 public key is 32 bytes/,
    );
  });
});
