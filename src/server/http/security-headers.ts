import { createHash } from 'node:crypto';
import { firebaseClientConfig, type FirebaseClientEnv } from '../../lib/firebase-config/config.ts';

// Security headers for server-rendered pages. The Content-Security-Policy allows scripts only from
// our origin plus the exact inline scripts of this page (their SHA-256, computed from the HTML we are
// about to send: the theme bootstrap and Astro's island loader), so an injected script never runs.
// Inline <style> elements are hash-only too (injected CSS can leak attribute values through
// selectors); style *attributes* stay allowed for the sign-in SDK's widgets, and cannot do that.
// Sign-in talks to Firebase (and, in development, the Auth emulator); nothing else is allowed to load
// code or frame the site.

const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;
const INLINE_STYLE = /<style\b[^>]*>([\s\S]*?)<\/style>/gi;

/** `'sha256-…'` sources for every inline script of a document. */
export const inlineScriptHashes = (html: string) => inlineHashes(html, INLINE_SCRIPT);

/** `'sha256-…'` sources for every inline <style> element of a document. */
export const inlineStyleHashes = (html: string) => inlineHashes(html, INLINE_STYLE);

function inlineHashes(html: string, element: RegExp): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(element)) {
    const body = match[1] ?? '';
    if (!body) continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

function origin(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

export function contentSecurityPolicy(html: string, env: FirebaseClientEnv): string {
  const firebase = firebaseClientConfig(env);
  const emulator = origin(firebase.emulatorUrl);
  const authDomain = origin(`https://${firebase.authDomain}`);
  const connect = [
    "'self'",
    'https://identitytoolkit.googleapis.com',
    'https://securetoken.googleapis.com',
    emulator,
  ].filter(Boolean);
  const frames = [authDomain, emulator].filter(Boolean);
  const styles = inlineStyleHashes(html).join(' ');
  return [
    "default-src 'self'",
    `script-src 'self' https://apis.google.com ${inlineScriptHashes(html).join(' ')}`.trim(),
    `style-src 'self' ${styles}`.trim(),
    `style-src-elem 'self' ${styles}`.trim(),
    "style-src-attr 'unsafe-inline'",
    // Node icons and README images come from publishers' own hosts.
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    `connect-src ${connect.join(' ')}`,
    `frame-src ${frames.join(' ') || "'none'"}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Headers every page response carries; HSTS only when the request came over TLS. */
export function pageSecurityHeaders(request: Request, html: string | null, env: FirebaseClientEnv): Headers {
  const headers = new Headers({
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
    'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
  });
  if (html !== null) headers.set('Content-Security-Policy', contentSecurityPolicy(html, env));
  const forwardedProto = request.headers.get('x-forwarded-proto');
  if (new URL(request.url).protocol === 'https:' || forwardedProto === 'https') {
    headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  }
  return headers;
}
