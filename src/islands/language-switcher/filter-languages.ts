import { LOCALE_INFO, LOCALES, type Locale } from '../../i18n/locales.ts';

export interface LanguageNames {
  /** Name of each language in the current UI language. */
  localized: Record<Locale, string>;
  english: Record<Locale, string>;
}

/** Languages whose localized, native or English name, or code, contains the query. */
export function filterLanguages(query: string, names: LanguageNames): Locale[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return [...LOCALES];
  return LOCALES.filter((code) =>
    [names.localized[code], LOCALE_INFO[code].nativeName, names.english[code], code].some((name) =>
      name.toLocaleLowerCase().includes(needle),
    ),
  );
}
