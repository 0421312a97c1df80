import { describe, expect, it } from 'vitest';
import { siteOrigin } from './site-origin.ts';

describe('siteOrigin', () => {
  it('is the configured public origin, without path or trailing slash', () => {
    expect(siteOrigin({ SITE_PUBLIC_URL: 'https://registry.example.com/some/path/', HOST: '0.0.0.0' })).toBe(
      'https://registry.example.com',
    );
  });

  it('defaults to the listening address, the wildcard shown as localhost', () => {
    expect(siteOrigin({})).toBe('http://127.0.0.1:4321');
    expect(siteOrigin({ HOST: '0.0.0.0', PORT: '8000' })).toBe('http://localhost:8000');
    expect(siteOrigin({ HOST: '::1', PORT: '4000' })).toBe('http://[::1]:4000');
  });
});
