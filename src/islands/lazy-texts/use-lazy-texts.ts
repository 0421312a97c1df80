import { useEffect, useState } from 'react';
import type { Locale } from '../../i18n/locales.ts';
import type { MessageTree } from '../../i18n/translator.ts';

// Islands in the layout of every page that show something only to some signed-in people (the ban
// notice, the verify-your-address banner) load their texts when they first have something to show,
// one chunk per language, instead of carrying them in their props: props are HTML in every page sent
// to every visitor and in every cached copy of every page (≈ 4.4 KB of markup, ≈ 1.4 KB brotli).

/** The texts `load` gives for `lang` once `wanted` (null until then, and while they load). */
export function useLazyTexts(
  load: (lang: Locale) => Promise<MessageTree>,
  lang: Locale,
  wanted: boolean,
): MessageTree | null {
  const [texts, setTexts] = useState<{ lang: Locale; messages: MessageTree } | null>(null);
  const ready = texts?.lang === lang ? texts.messages : null;
  useEffect(() => {
    if (!wanted || ready) return;
    let live = true;
    // A chunk that fails to load leaves the island empty, as a failed lazy component would.
    load(lang).then(
      (messages) => {
        if (live) setTexts({ lang, messages });
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [load, lang, wanted, ready]);
  return ready;
}
