import { describe, expect, it } from 'vitest';
import { authHref, buildFromUrl, safeReturnPath } from './from-url.ts';

describe('buildFromUrl', () => {
  it('encodes the path and query of the current page', () => {
    expect(buildFromUrl('/en/nodes/foo', '?tab=versions&x=1')).toBe('%2Fen%2Fnodes%2Ffoo%3Ftab%3Dversions%26x%3D1');
  });
  it('encodes non-ASCII and reserved characters so they survive a round trip', () => {
    const path = '/ja/nodes/ノード pack#1';
    expect(decodeURIComponent(buildFromUrl(path))).toBe(path);
    expect(buildFromUrl(path)).not.toContain('#');
  });
});

describe('authHref', () => {
  it('points to the auth page with fromUrl set to the current page', () => {
    expect(authHref('/fr/auth/login', '/fr/publishers/acme', '?page=2')).toBe(
      '/fr/auth/login?fromUrl=%2Ffr%2Fpublishers%2Facme%3Fpage%3D2',
    );
  });
});

describe('safeReturnPath', () => {
  it('accepts same-site paths', () => {
    expect(safeReturnPath('/en/nodes', '/en/')).toBe('/en/nodes');
  });
  it.each(['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', ''])(
    'rejects %s',
    (raw) => {
      expect(safeReturnPath(raw, '/en/nodes')).toBe('/en/nodes');
    },
  );
});
