import { describe, expect, it } from 'vitest';
import { DEVICE_SIZES, iconImage, imageSrc, isProxyableImage, responsiveImage } from './image-url.ts';

describe('image URLs', () => {
  it('proxies only absolute http(s) URLs', () => {
    expect(isProxyableImage('https://example.com/a.png')).toBe(true);
    expect(isProxyableImage('http://example.com/a.png')).toBe(true);
    for (const bad of ['javascript:alert(1)', 'data:image/png;base64,AA', '/relative.png', 'ftp://x/a.png', '', null]) {
      expect(isProxyableImage(bad)).toBe(false);
    }
    expect(isProxyableImage(`https://example.com/${'a'.repeat(2100)}`)).toBe(false);
  });

  it('encodes the source URL and width', () => {
    expect(imageSrc('https://e.com/a b.png?x=1&y=2', 64)).toBe(
      '/_image?url=https%3A%2F%2Fe.com%2Fa+b.png%3Fx%3D1%26y%3D2&w=64',
    );
  });

  it('gives a 48 px icon its 1x/2x candidates from the image sizes', () => {
    const { src, srcset, sizes } = iconImage('https://e.com/i.png', 48);
    expect(src).toContain('w=48&fit=icon');
    expect(srcset.split(', ').map((c) => c.split(' ')[1])).toEqual(['48w', '96w']);
    expect(sizes).toBe('48px');
    expect(
      iconImage('https://e.com/i.png', 80)
        .srcset.split(', ')
        .map((c) => c.split(' ')[1]),
    ).toEqual(['96w', '256w']);
  });

  it('gives a banner every device size', () => {
    const { srcset } = responsiveImage('https://e.com/b.png');
    expect(srcset.split(', ').map((c) => Number(c.split(' ')[1]!.replace('w', '')))).toEqual([...DEVICE_SIZES]);
  });
});
