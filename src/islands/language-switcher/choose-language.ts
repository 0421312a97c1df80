import { LOCALE_COOKIE, localeDir, type Locale } from '../../i18n/locales.ts';
import { switchLocalePath } from '../../lib/locale-path.ts';

const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

/**
 * Switches the interface language: remembers the choice (so `/` sends the visitor back to it),
 * sets the document direction at once, and loads the same path and query in the new language
 * while *replacing* the history entry, so Back does not step through languages.
 */
export function chooseLanguage(target: Locale): void {
  document.cookie = `${LOCALE_COOKIE}=${target}; path=/; max-age=${ONE_YEAR_SECONDS}; samesite=lax`;
  document.documentElement.lang = target;
  document.documentElement.dir = localeDir(target);
  const { pathname, search, hash } = window.location;
  window.location.replace(switchLocalePath(pathname, search, hash, target));
}
