import type { Locale } from '../../i18n/locales.ts';
import { authHref, FROM_URL_PARAM, safeReturnPath } from '../../lib/from-url.ts';
import { localizedPath } from '../../lib/locale-path.ts';

/** Where to go after signing in: `fromUrl` when it is a same-site path, else Your Nodes. */
export function returnPathFor(lang: Locale, url: URL): string {
  return safeReturnPath(url.searchParams.get(FROM_URL_PARAM), localizedPath(lang, '/nodes'));
}

/** The auth island's navigation props, worked out on the server from the page URL. */
export function authPageProps(lang: Locale, url: URL) {
  const returnTo = returnPathFor(lang, url);
  // The links between login and signup keep the same return target.
  return {
    returnTo,
    loginHref: authHref(localizedPath(lang, '/auth/login'), returnTo),
    signupHref: authHref(localizedPath(lang, '/auth/signup'), returnTo),
  };
}
