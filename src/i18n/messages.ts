import ar from './locales/ar.json' with { type: 'json' };
import en from './locales/en.json' with { type: 'json' };
import es from './locales/es.json' with { type: 'json' };
import fr from './locales/fr.json' with { type: 'json' };
import ja from './locales/ja.json' with { type: 'json' };
import ko from './locales/ko.json' with { type: 'json' };
import ru from './locales/ru.json' with { type: 'json' };
import zh from './locales/zh.json' with { type: 'json' };
import { LOCALES, type Locale } from './locales.ts';
import type { MessageTree } from './translator.ts';

/** English is the source of truth for the shape; every other file must match it (tested). */
export type Messages = MessageTree;

const CORE: Record<Locale, MessageTree> = { ar, en, es, fr, ja, ko, ru, zh };

// Each feature keeps its strings in its own folder, `locales/<feature>/<lang>.json`, whose
// top-level keys are that feature's sections; one file per language and feature keeps parallel
// work on different pages out of each other's files.
const FEATURE_FILES = import.meta.glob<MessageTree>('./locales/*/*.json', { eager: true, import: 'default' });

function buildLocale(locale: Locale): MessageTree {
  const merged: MessageTree = { ...CORE[locale] };
  for (const [path, tree] of Object.entries(FEATURE_FILES)) {
    if (!path.endsWith(`/${locale}.json`)) continue;
    for (const [section, value] of Object.entries(tree)) {
      if (section in merged) throw new Error(`i18n: section "${section}" of ${path} is defined twice`);
      merged[section] = value;
    }
  }
  return merged;
}

/** Every locale's `common` namespace. Server-only: islands receive just the slices they need. */
export const MESSAGES = Object.fromEntries(LOCALES.map((locale) => [locale, buildLocale(locale)])) as Record<
  Locale,
  Messages
>;
