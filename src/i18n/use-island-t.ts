import { useMemo } from 'react';
import type { Locale } from './locales.ts';
import { createTranslator, type MessageTree, type TFunction } from './translator.ts';

/** An island's `t()`, built from the message slice the server passed in its props. */
export function useIslandT(lang: Locale, messages: MessageTree): TFunction {
  return useMemo(() => createTranslator(lang, messages).t, [lang, messages]);
}
