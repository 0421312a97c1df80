import { isLocale, type Locale } from './locales.ts';
import type { MessageTree } from './translator.ts';

// Islands on every public page (the ban notice, the report button) show an API refusal rarely, and the
// error texts are the largest message section (≈12 KB per language, more in CJK and Cyrillic): carried in
// their props, they were HTML on every page and in every cached page body. They load on the first error
// instead, one chunk per language, with the translator and the sentence builder.
const ERROR_FILES = import.meta.glob<MessageTree>('./locales/errors/*.json', { import: 'default' });

/** The failed call's message in `lang` (the `apiErrors` texts, loaded now), as `apiErrorText` builds it. */
export async function loadApiErrorText(lang: Locale, error: unknown): Promise<string> {
  const load = ERROR_FILES[`./locales/errors/${lang}.json`] ?? ERROR_FILES['./locales/errors/en.json']!;
  const [messages, { createTranslator }, { apiErrorText }] = await Promise.all([
    load(),
    import('./translator.ts'),
    import('../lib/api/error-text.ts'),
  ]);
  return apiErrorText(createTranslator(lang, messages), error);
}

/** The page's language, from `<html lang>` (what the server rendered, or what the switcher set). */
export function pageLocale(): Locale {
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang;
  return isLocale(lang) ? lang : 'en';
}
