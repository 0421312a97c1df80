// The languages Nodeyard speaks. `nativeName` is how each language names itself; the name of a
// language *in the current UI language* lives in the translation files (`language.names.*`).
export const LOCALES = ['en', 'zh', 'ja', 'ko', 'fr', 'es', 'ru', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'en';

export type TextDirection = 'ltr' | 'rtl';

interface LocaleInfo {
  nativeName: string;
  dir: TextDirection;
  /** Shown with a "Beta" badge in the language switcher: translations still being reviewed. */
  beta: boolean;
}

export const LOCALE_INFO: Record<Locale, LocaleInfo> = {
  en: { nativeName: 'English', dir: 'ltr', beta: false },
  zh: { nativeName: '中文', dir: 'ltr', beta: false },
  ja: { nativeName: '日本語', dir: 'ltr', beta: false },
  ko: { nativeName: '한국어', dir: 'ltr', beta: false },
  fr: { nativeName: 'Français', dir: 'ltr', beta: false },
  es: { nativeName: 'Español', dir: 'ltr', beta: false },
  ru: { nativeName: 'Русский', dir: 'ltr', beta: false },
  ar: { nativeName: 'العربية', dir: 'rtl', beta: true },
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function localeDir(locale: Locale): TextDirection {
  return LOCALE_INFO[locale].dir;
}

/** Cookie that remembers the language a visitor picked, so `/` sends them back to it. */
export const LOCALE_COOKIE = 'nodeyard-lang';
