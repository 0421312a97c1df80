import { useMemo } from 'react';
import type { Locale } from './locales.ts';
import { createTranslator, type MessageTree, type TFunction } from './translator.ts';

/** An island's `t()`, built from the message slice the server passed in its props. */
export function useIslandT(lang: Locale, messages: MessageTree): TFunction {
  // The slice is already in `lang` (the server picked it); `lang` stays in the key so a language
  // switch can never reuse another language's t().
  return useMemo(() => createTranslator(messages), [lang, messages]);
}
