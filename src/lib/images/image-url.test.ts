import { describe, expect, it } from 'vitest';
import {
  DEVICE_SIZES,
  iconImage,
  imageSrc,
  isProxyableImage,
  optionalIconImage,
  responsiveImage,
  type SignImageUrl,
} from './image-url.ts';

// A stand-in signature that shows what was signed (the real one is an HMAC on the server).
const sign: SignImageUrl = (url, width, fit) => `${fit}-${width}-${url.length}`;

describe('image URLs', () => {
  it('proxies only absolute http(s) URLs', () => {
    expect(isProxyableImage('https://example.com/a.png')).toBe(true);
    expect(isProxyableImage('http://example.com/a.png')).toBe(true);
    for (const bad of ['javascript:alert(1)', 'data:image/png;base64,AA', '/relative.png', 'ftp://x/a.png', '', null]) {
      expect(isProxyableImage(bad)).toBe(false);
    }
    expect(isProxyableImage(`https://example.com/${'a'.repeat(2100)}`)).toBe(false);
    expect(optionalIconImage(sign, 'javascript:alert(1)', 48)).toBeUndefined();
  });

  it('encodes the source URL and width, and carries the signature of exactly those', () => {
    expect(imageSrc(sign, 'https://e.com/a b.png?x=1&y=2', 64)).toBe(
      '/_image?url=https%3A%2F%2Fe.com%2Fa+b.png%3Fx%3D1%26y%3D2&w=64&s=inside-64-29',
    );
    expect(imageSrc(sign, 'https://e.com/i.png', 48, 'icon')).toBe(
      '/_image?url=https%3A%2F%2Fe.com%2Fi.png&w=48&fit=icon&s=icon-48-19',
    );
  });

  it('gives a 48 px icon its 1x/2x candidates from the image sizes', () => {
    const { src, srcset, sizes } = iconImage(sign, 'https://e.com/i.png', 48);
    expect(src).toContain('w=48&fit=icon&s=icon-48-');
    expect(srcset.split(', ').map((c) => c.split(' ')[1])).toEqual(['48w', '96w']);
    expect(sizes).toBe('48px');
    expect(
      iconImage(sign, 'https://e.com/i.png', 80)
        .srcset.split(', ')
        .map((c) => c.split(' ')[1]),
    ).toEqual(['96w', '256w']);
  });

  it('gives a banner every device size', () => {
    const { srcset } = responsiveImage(sign, 'https://e.com/b.png');
    expect(srcset.split(', ').map((c) => Number(c.split(' ')[1]!.replace('w', '')))).toEqual([...DEVICE_SIZES]);
  });
});
