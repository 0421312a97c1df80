import { describe, expect, it } from 'vitest';
import { buildAuthorizeUrl } from './authorize-url.ts';
import { interpretTokenResponse } from './exchange-code.ts';
import { callbackUrl, languageOf, parseOrigin } from './redirect-uri.ts';

describe('interpretTokenResponse', () => {
  it('reads the access token, and tells a bad code from our misconfiguration and outages', () => {
    expect(interpretTokenResponse(200, { access_token: 'gho_x', token_type: 'bearer' })).toEqual({
      ok: true,
      accessToken: 'gho_x',
    });
    expect(interpretTokenResponse(200, { error: 'bad_verification_code' })).toEqual({
      ok: false,
      reason: 'invalid_code',
    });
    expect(interpretTokenResponse(200, { error: 'incorrect_client_credentials' })).toEqual({
      ok: false,
      reason: 'rejected',
    });
    expect(interpretTokenResponse(200, { access_token: '' })).toEqual({ ok: false, reason: 'rejected' });
    expect(interpretTokenResponse(502, null)).toEqual({ ok: false, reason: 'unavailable' });
    expect(interpretTokenResponse(429, null)).toEqual({ ok: false, reason: 'unavailable' });
  });
});

describe('buildAuthorizeUrl', () => {
  it('keeps a GitHub Enterprise base path and encodes every parameter', () => {
    const url = new URL(
      buildAuthorizeUrl({
        baseUrl: 'https://ghe.example.com/github',
        clientId: 'id 1',
        redirectUri: 'https://site.test/ja/nodes/claim/callback',
        state: 'abc',
      }),
    );
    expect(url.pathname).toBe('/github/login/oauth/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'id 1',
      redirect_uri: 'https://site.test/ja/nodes/claim/callback',
      scope: '',
      state: 'abc',
      allow_signup: 'false',
    });
  });
});

describe('redirect URI helpers', () => {
  it('takes the language from the request, else the return path, else English', () => {
    expect(languageOf('/fr/nodes?x=1', 'ko')).toBe('ko');
    expect(languageOf('/fr/nodes?x=1')).toBe('fr');
    expect(languageOf('/xx/nodes', 'nope')).toBe('en');
    expect(languageOf('')).toBe('en');
  });

  it('accepts only http(s) origins and builds the callback under the site', () => {
    expect(parseOrigin('https://site.test')).toBe('https://site.test');
    expect(parseOrigin('null')).toBeNull();
    expect(parseOrigin('javascript:alert(1)')).toBeNull();
    expect(parseOrigin(undefined)).toBeNull();
    expect(callbackUrl('https://site.test/', 'ar')).toBe('https://site.test/ar/nodes/claim/callback');
  });
});
