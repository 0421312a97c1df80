import { analyticsClientConfig, type AnalyticsClientEnv } from '../../lib/analytics/config.ts';
import { firebaseClientConfig, type FirebaseClientEnv } from '../../lib/firebase-config/config.ts';
import { OWN_SCRIPT_HASHES, sha256Source } from './own-inline-scripts.ts';

// Security headers for server-rendered pages. The Content-Security-Policy allows scripts only from
// our origin plus the inline scripts we ship (a fixed list, own-inline-scripts.ts: the theme
// bootstrap and Astro's island loaders), so a script injected into a page never runs, even inline.
// Inline <style> elements are hash-only too (injected CSS can leak attribute values through
// selectors); style *attributes* stay allowed for the sign-in SDK's widgets, and cannot do that.
// Sign-in talks to Firebase (and, in development, the Auth emulator), analytics to the configured
// PostHog host (only when one is configured); nothing else is allowed to load code or frame the site.
// Images come from the site itself only: publishers' icons, banners and README images are fetched by
// the server and re-encoded (/_image, src/server/images/), so no visitor's browser contacts their hosts.

const INLINE_STYLE = /<style\b[^>]*>([\s\S]*?)<\/style>/gi;

/**
 * `'sha256-…'` sources for every inline <style> element of a document (its UTF-8 bytes, or its text).
 * The bytes are searched as Latin-1, one character per byte, so a match's offsets are byte offsets and
 * each body is hashed as it was sent, without decoding the whole page as UTF-8 first (that decoding
 * was half a millisecond of every cold page). No byte of a multi-byte UTF-8 character is ASCII, so the
 * tags match exactly where they would in the decoded text.
 */
export function inlineStyleHashes(document: Uint8Array | string): string[] {
  const bytes =
    typeof document === 'string'
      ? Buffer.from(document, 'utf8')
      : Buffer.from(document.buffer, document.byteOffset, document.byteLength);
  const hashes = new Set<string>();
  for (const match of bytes.toString('latin1').matchAll(INLINE_STYLE)) {
    const body = match[1] ?? '';
    if (!body) continue;
    const start = match.index + match[0].length - '</style>'.length - body.length;
    hashes.add(sha256Source(bytes.subarray(start, start + body.length)));
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

export type PageSecurityEnv = FirebaseClientEnv & AnalyticsClientEnv;

export function contentSecurityPolicy(html: Uint8Array | string, env: PageSecurityEnv): string {
  const firebase = firebaseClientConfig(env);
  const analytics = origin(analyticsClientConfig(env)?.host);
  const emulator = origin(firebase.emulatorUrl);
  const authDomain = origin(`https://${firebase.authDomain}`);
  const connect = [
    "'self'",
    'https://identitytoolkit.googleapis.com',
    'https://securetoken.googleapis.com',
    emulator,
    analytics,
  ].filter(Boolean);
  const frames = [authDomain, emulator].filter(Boolean);
  const styles = inlineStyleHashes(html).join(' ');
  return [
    "default-src 'self'",
    `script-src 'self' https://apis.google.com ${OWN_SCRIPT_HASHES.join(' ')}`,
    `style-src 'self' ${styles}`.trim(),
    `style-src-elem 'self' ${styles}`.trim(),
    "style-src-attr 'unsafe-inline'",
    // data: for the inline SVGs of the CSS (icons); publishers' images come through /_image.
    "img-src 'self' data:",
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
export function pageSecurityHeaders(request: Request, html: Uint8Array | string | null, env: PageSecurityEnv): Headers {
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
