import { describe, expect, it } from 'vitest';
import { authPageProps, returnPathFor } from './auth-page-props.ts';
import { loginRedirectTarget } from './RequireSignIn.tsx';

describe('auth page return target', () => {
  it('returns to fromUrl, else to Your Nodes', () => {
    expect(returnPathFor('fr', new URL('http://x/fr/auth/login?fromUrl=%2Ffr%2Fnodes%2Fabc%3Ftab%3D2'))).toBe(
      '/fr/nodes/abc?tab=2',
    );
    expect(returnPathFor('ja', new URL('http://x/ja/auth/login'))).toBe('/ja/nodes');
  });

  it('refuses off-site targets', () => {
    for (const target of ['https://evil.example/', '//evil.example/', '/\\evil.example']) {
      const url = new URL(`http://x/en/auth/login?fromUrl=${encodeURIComponent(target)}`);
      expect(returnPathFor('en', url)).toBe('/en/nodes');
    }
  });

  it('keeps the target on the links between login and signup', () => {
    const props = authPageProps('en', new URL('http://x/en/auth/login?fromUrl=%2Fen%2Fadmin%3Fa%3D1'));
    expect(props.signupHref).toBe('/en/auth/signup?fromUrl=%2Fen%2Fadmin%3Fa%3D1');
    expect(props.loginHref).toBe('/en/auth/login?fromUrl=%2Fen%2Fadmin%3Fa%3D1');
  });

  it('RequireSignIn sends visitors to login with the current path and query', () => {
    expect(loginRedirectTarget('ko', '/ko/nodes', '?page=3')).toBe('/ko/auth/login?fromUrl=%2Fko%2Fnodes%3Fpage%3D3');
  });
});
