import { useMemo } from 'react';
import type { Locale } from './locales.ts';
import { createTranslator, type MessageTree, type TFunction } from './translator.ts';

/** An island's `t()`, built from the message slice the server passed in its props. */
export function useIslandT(lang: Locale, messages: MessageTree): TFunction {
  // The slice is already in `lang` (the server picked it); `lang` also picks the plural rules and
  // number format, and keys the memo so a language switch never reuses another language's t().
  return useMemo(() => createTranslator(lang, messages), [lang, messages]);
}
