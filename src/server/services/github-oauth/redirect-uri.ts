import { isLocale, type Locale } from '../../../i18n/locales.ts';
import { splitLocalePath } from '../../../lib/locale-path.ts';
import { parseWebUrl } from '../../../lib/url/web-url.ts';

/** The site page GitHub sends the browser back to (its island posts code and state to /complete). */
export const CALLBACK_PATH = '/nodes/claim/callback';

/** The language of a same-site return path (`/fr/nodes` → fr), else English. */
export function languageOf(returnPath: string, requested?: string): Locale {
  if (requested && isLocale(requested)) return requested;
  return splitLocalePath(returnPath.split(/[?#]/)[0] ?? '/').locale ?? 'en';
}

/**
 * The callback URL on the site's origin. The origin comes from the browser's `Origin` header (the site
 * calls us from its own pages), else the request URL. A forged origin only breaks the caller's own
 * round-trip: GitHub refuses redirect URIs outside the OAuth app's registered callback URL.
 */
export function callbackUrl(origin: string, lang: Locale): string {
  return `${origin.replace(/\/+$/, '')}/${lang}${CALLBACK_PATH}`;
}

/** An http(s) origin from an `Origin` header, or null for anything else ("null", garbage). */
export function parseOrigin(header: string | undefined): string | null {
  return parseWebUrl(header)?.origin ?? null;
}
