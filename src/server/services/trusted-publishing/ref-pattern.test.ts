import { describe, expect, it } from 'vitest';
import { isValidRefPattern, refMatches } from './ref-pattern.ts';

describe('ref patterns', () => {
  it('lets * stand for any run of characters, slashes included', () => {
    expect(refMatches('refs/tags/v*', 'refs/tags/v1.2.0')).toBe(true);
    expect(refMatches('refs/heads/release/*', 'refs/heads/release/2026/11')).toBe(true);
    expect(refMatches('refs/tags/v*', 'refs/heads/v1')).toBe(false);
  });

  it('matches the whole ref, and takes every other character literally', () => {
    expect(refMatches('refs/tags/v1.0', 'refs/tags/v1x0')).toBe(false);
    expect(refMatches('refs/tags/v1', 'refs/tags/v1.0')).toBe(false);
    expect(refMatches('refs/tags/v(1)+', 'refs/tags/v(1)+')).toBe(true);
  });

  it('accepts only full refs without spaces or ".."', () => {
    expect(isValidRefPattern('refs/tags/v*')).toBe(true);
    expect(isValidRefPattern('main')).toBe(false);
    expect(isValidRefPattern('refs/heads/a b')).toBe(false);
    expect(isValidRefPattern('refs/heads/../x')).toBe(false);
  });
});
