// Locale prefixes in paths: every page lives under /{lang}/.
import { isLocale, type Locale } from '../i18n/locales.ts';

/** Splits `/fr/nodes/x` into `{ locale: 'fr', rest: '/nodes/x' }`; rest always starts with "/". */
export function splitLocalePath(pathname: string): { locale: Locale | undefined; rest: string } {
  const match = /^\/([^/]+)(\/.*)?$/.exec(pathname);
  const first = match?.[1];
  if (first && isLocale(first)) return { locale: first, rest: match[2] ?? '/' };
  return { locale: undefined, rest: pathname || '/' };
}

/** The same page in another language: swaps (or adds) the locale prefix, keeps the query and hash. */
export function switchLocalePath(pathname: string, search: string, hash: string, target: Locale): string {
  const { rest } = splitLocalePath(pathname);
  return `/${target}${rest}${search}${hash}`;
}

/** A path inside the current language: localizedPath('ja', '/nodes') → '/ja/nodes'. */
export function localizedPath(locale: Locale, path = '/'): string {
  return `/${locale}${path.startsWith('/') ? path : `/${path}`}`;
}

const HEADERLESS_PREFIXES = ['auth', 'api', '_error', '_app', '_document'];

/**
 * The header is hidden on login/signup and on any path beginning with auth, api, _error, _app or
 * _document (checked after the locale prefix is removed, as the spec states it for unprefixed paths).
 */
export function isHeaderHidden(pathname: string): boolean {
  const rest = splitLocalePath(pathname).rest.replace(/^\/+/, '');
  return HEADERLESS_PREFIXES.some((prefix) => rest.startsWith(prefix));
}
