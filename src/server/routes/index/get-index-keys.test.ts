import { spawnSync } from 'node:child_process';
import { verify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedNode } from '#test/routes/node-read-fixtures.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { keyringOf } from '../../index-protocol/keyring.ts';
import { generateSigningKey, publicKeyFromRaw, rawPublicKey } from '../../index-protocol/signatures.ts';

// GET /index/v1/keys, and the signatures checked by verifiers that share no code with the server:
// node:crypto straight from the published raw key, and Python's `cryptography` when it is installed.

const PYTHON_VERIFY = `
import base64, sys
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey
from cryptography.exceptions import InvalidSignature
key = Ed25519PublicKey.from_public_bytes(base64.b64decode(sys.argv[1]))
body = sys.stdin.buffer.read()
try:
    key.verify(base64.b64decode(sys.argv[2]), body)
    print("valid")
except InvalidSignature:
    print("invalid")
`;

function pythonVerifies(publicKey: string, signature: string, body: Buffer): string | null {
  const probe = spawnSync('python3', ['-c', 'import cryptography'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) return null;
  const run = spawnSync('python3', ['-c', PYTHON_VERIFY, publicKey, signature], { input: body, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  return run.stdout.trim();
}

describe('GET /index/v1/keys (getIndexKeys) and the index signatures', () => {
  let t: TestApp;
  const current = generateSigningKey();
  const next = generateSigningKey();

  beforeAll(async () => {
    // Mid-rotation: the current key signs, the next one is announced beside it.
    t = await createTestApp({ indexKeys: keyringOf(current, [{ id: next.id, publicKey: next.publicKey }]) });
    await seedNode(t.services.db, { id: 'signed-pack', versions: [{ version: '1.0.0' }] });
  });
  afterAll(() => t.close());

  it('lists the signing key first and the announced one beside it, as raw base64 with ids', async () => {
    const response = await t.request('/index/v1/keys');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      keys: [
        { id: current.id, algorithm: 'ed25519', public_key: rawPublicKey(current.publicKey), signing: true },
        { id: next.id, algorithm: 'ed25519', public_key: rawPublicKey(next.publicKey), signing: false },
      ],
    });
  });

  it('signs the snapshot so that stock verifiers accept it, and reject it after one flipped byte', async () => {
    const response = await t.request('/index/v1/snapshot');
    const body = Buffer.from(await response.arrayBuffer());
    expect(response.headers.get('nodeyard-key-id')).toBe(current.id);
    const signature = response.headers.get('nodeyard-signature')!;
    const raw = rawPublicKey(current.publicKey);
    const flipped = Buffer.from(body);
    flipped[Math.floor(body.length / 2)]! ^= 0x20;

    const key = publicKeyFromRaw(raw).publicKey;
    expect(verify(null, body, key, Buffer.from(signature, 'base64'))).toBe(true);
    expect(verify(null, flipped, key, Buffer.from(signature, 'base64'))).toBe(false);
    // The announced key did not sign it.
    expect(verify(null, body, next.publicKey, Buffer.from(signature, 'base64'))).toBe(false);

    const python = pythonVerifies(raw, signature, body);
    if (python === null) {
      console.info("python3 with `cryptography` is not installed: the Python verifier's case was not run.");
      return;
    }
    expect(python).toBe('valid');
    expect(pythonVerifies(raw, signature, flipped)).toBe('invalid');
  });
});
