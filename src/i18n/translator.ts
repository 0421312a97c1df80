import { createInstance, type i18n as I18n } from 'i18next';
import { DEFAULT_LOCALE, DEFAULT_NAMESPACE, type Locale } from './locales.ts';

export type MessageTree = { [key: string]: string | MessageTree };
export type TFunction = (key: string, values?: Record<string, string | number>) => string;

/**
 * Builds a ready, synchronous i18next instance for one language. Used once per request on the
 * server and once per island in the browser, so languages never leak between requests.
 */
export function createTranslator(
  lang: Locale,
  messages: MessageTree,
  fallback: MessageTree = messages,
): { i18n: I18n; t: TFunction } {
  const i18n = createInstance();
  void i18n.init({
    lng: lang,
    fallbackLng: DEFAULT_LOCALE,
    ns: [DEFAULT_NAMESPACE],
    defaultNS: DEFAULT_NAMESPACE,
    resources: {
      [lang]: { [DEFAULT_NAMESPACE]: messages },
      ...(lang === DEFAULT_LOCALE ? {} : { [DEFAULT_LOCALE]: { [DEFAULT_NAMESPACE]: fallback } }),
    },
    initAsync: false,
    // React and Astro escape output themselves; escaping here would double-escape.
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  const t: TFunction = (key, values) => i18n.t(key, values ?? {});
  return { i18n, t };
}

/** Picks the given top-level sections of a message tree (what an island needs, nothing more). */
export function pickSections(messages: MessageTree, sections: readonly string[]): MessageTree {
  const picked: MessageTree = {};
  for (const section of sections) {
    const value = messages[section];
    if (value !== undefined) picked[section] = value;
  }
  return picked;
}
