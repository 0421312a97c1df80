import { describe, expect, it } from 'vitest';
import { isHeaderHidden, localizedPath, splitLocalePath, switchLocalePath } from './locale-path.ts';

describe('splitLocalePath', () => {
  it('separates a known locale prefix', () => {
    expect(splitLocalePath('/fr/nodes/x')).toEqual({ locale: 'fr', rest: '/nodes/x' });
    expect(splitLocalePath('/ja')).toEqual({ locale: 'ja', rest: '/' });
  });
  it('leaves unknown prefixes alone', () => {
    expect(splitLocalePath('/discord')).toEqual({ locale: undefined, rest: '/discord' });
  });
});

describe('switchLocalePath', () => {
  it('keeps path, query and hash', () => {
    expect(switchLocalePath('/en/nodes/abc', '?page=2', '#v', 'ar')).toBe('/ar/nodes/abc?page=2#v');
  });
  it('adds a prefix to an unprefixed path', () => {
    expect(switchLocalePath('/', '', '', 'ko')).toBe('/ko/');
  });
});

describe('localizedPath', () => {
  it('prefixes a path with the locale', () => {
    expect(localizedPath('zh', '/nodes')).toBe('/zh/nodes');
    expect(localizedPath('zh', 'nodes')).toBe('/zh/nodes');
  });
});

describe('isHeaderHidden', () => {
  it.each(['/en/auth/login', '/ar/auth/signup', '/auth/login', '/api/nodes', '/en/_error', '/_app', '/_document'])(
    'hides the header on %s',
    (path) => expect(isHeaderHidden(path)).toBe(true),
  );
  it.each(['/en/', '/en/nodes', '/fr/publishers/x', '/discord'])('shows the header on %s', (path) =>
    expect(isHeaderHidden(path)).toBe(false),
  );
});
