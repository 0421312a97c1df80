import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../env.ts';
import { GITHUB_ACTIONS_ISSUER, parseTrustedIssuers } from './issuers.ts';

describe('TRUSTED_PUBLISHING_ISSUERS', () => {
  it('defaults to GitHub Actions only (unset) and the audience nodeyard', () => {
    const env = parseEnv({});
    expect(env.TRUSTED_PUBLISHING_ISSUERS).toBeUndefined();
    expect(env.TRUSTED_PUBLISHING_AUDIENCE).toBe('nodeyard');
  });

  it('reads `github` and "<issuer> <jwks url>" pairs', () => {
    expect(parseTrustedIssuers('github, https://ci.example.test https://ci.example.test/jwks')).toEqual([
      GITHUB_ACTIONS_ISSUER,
      { issuer: 'https://ci.example.test', jwksUrl: 'https://ci.example.test/jwks' },
    ]);
  });

  it('stops the boot on a malformed entry', () => {
    expect(parseTrustedIssuers('https://ci.example.test')).toBeNull();
    expect(parseTrustedIssuers('ftp://x https://y/jwks')).toBeNull();
    expect(() => parseEnv({ TRUSTED_PUBLISHING_ISSUERS: 'nonsense' })).toThrow(/TRUSTED_PUBLISHING_ISSUERS/);
  });
});
