import { DEFAULT_LOCALE, type Locale } from './locales.ts';
import type { MessageSection } from './message-keys.ts';
import { MESSAGES } from './messages.ts';
import { createTranslator, pickSections, type MessageTree, type TFunction } from './translator.ts';

const cache = new Map<Locale, TFunction>();

/** The server-side `t()` for a language (instances are immutable, so one per language is enough). */
export function serverT(lang: Locale): TFunction {
  let t = cache.get(lang);
  if (!t) {
    t = createTranslator(lang, MESSAGES[lang], MESSAGES[DEFAULT_LOCALE]);
    cache.set(lang, t);
  }
  return t;
}

/** The message sections an island needs, in its language, to pass as a prop. */
export function islandMessages(lang: Locale, sections: readonly MessageSection[]): MessageTree {
  return pickSections(MESSAGES[lang], sections);
}
