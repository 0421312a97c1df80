import { describe, expect, it } from 'vitest';
import { createImageUrlSigner, imageUrlSecret } from './image-url-signer.ts';

describe('image URL signatures', () => {
  const signer = createImageUrlSigner('secret-one');
  const url = 'https://example.com/icon.png';

  it('verifies its own signature for the same URL, width and fit only', () => {
    const s = signer.sign(url, 64, 'icon');
    expect(s).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(signer.verify(url, 64, 'icon', s)).toBe(true);
    expect(signer.verify(url, 128, 'icon', s)).toBe(false);
    expect(signer.verify(url, 64, 'inside', s)).toBe(false);
    expect(signer.verify(`${url}?x`, 64, 'icon', s)).toBe(false);
    expect(createImageUrlSigner('secret-two').verify(url, 64, 'icon', s)).toBe(false);
  });

  it('refuses empty, truncated and non-canonical spellings', () => {
    const s = signer.sign(url, 64, 'icon');
    for (const bad of ['', s.slice(0, 21), `${s}A`, `${s}=`, `${s.slice(0, 10)}.${s.slice(10)}`]) {
      expect(signer.verify(url, 64, 'icon', bad), bad).toBe(false);
    }
    // The last character's spare bits: another spelling of the same 16 bytes is not accepted.
    const last = s.at(-1)!;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const sibling = alphabet[alphabet.indexOf(last) ^ 1]!;
    expect(signer.verify(url, 64, 'icon', `${s.slice(0, -1)}${sibling}`)).toBe(false);
  });

  it('uses IMAGE_URL_SECRET when given, else a stable key derived from (and unlike) the storage secret', () => {
    expect(imageUrlSecret('configured', 'storage')).toBe('configured');
    const derived = imageUrlSecret(undefined, 'storage');
    expect(derived).toBe(imageUrlSecret(undefined, 'storage'));
    expect(derived).not.toBe('storage');
    expect(derived).not.toBe(imageUrlSecret(undefined, 'other storage'));
  });
});
