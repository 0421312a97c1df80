import { describe, expect, it } from 'vitest';
import { isWebUrl, parseWebUrl } from './web-url.ts';

describe('parseWebUrl', () => {
  it('accepts absolute http and https URLs with a host, trimmed', () => {
    expect(parseWebUrl(' https://github.com/acme/pack ')?.href).toBe('https://github.com/acme/pack');
    expect(parseWebUrl('http://example.com')?.origin).toBe('http://example.com');
  });

  it('refuses other schemes, relative URLs, hostless URLs and garbage', () => {
    for (const value of [
      'javascript:alert(1)',
      'data:text/html,hi',
      'ftp://example.com/x',
      '/relative/path',
      'http://',
      'not a url',
      '',
      null,
      undefined,
    ]) {
      expect(parseWebUrl(value)).toBeNull();
      expect(isWebUrl(value)).toBe(false);
    }
  });
});
