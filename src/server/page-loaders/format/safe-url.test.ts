import { describe, expect, it } from 'vitest';
import { displayUrl, isShellSafeUrl, safeHttpUrl } from './safe-url.ts';

describe('safeHttpUrl', () => {
  it('keeps absolute http(s) URLs only', () => {
    expect(safeHttpUrl(' https://github.com/a/b ')).toBe('https://github.com/a/b');
    expect(safeHttpUrl('http://example.com')).toBe('http://example.com/');
    for (const bad of [
      'javascript:alert(1)',
      'data:image/png;base64,AA',
      'ftp://x',
      '/relative',
      'not a url',
      '',
      null,
    ]) {
      expect(safeHttpUrl(bad)).toBeNull();
    }
  });

  it('shortens URLs for display', () => {
    expect(displayUrl('https://www.github.com/a/b/')).toBe('github.com/a/b');
  });
});

describe('isShellSafeUrl', () => {
  it('accepts plain repository URLs and refuses anything a shell would interpret', () => {
    expect(isShellSafeUrl('https://github.com/acme/pack.git')).toBe(true);
    expect(isShellSafeUrl('https://git.example.com:8443/a/b-c_d')).toBe(true);
    for (const bad of [
      'https://x.com/a;rm',
      "https://x.com/a'b",
      'https://x.com/$(id)',
      'https://x.com/a b',
      'https://x.com/a|b',
    ]) {
      expect(isShellSafeUrl(bad)).toBe(false);
    }
  });
});
