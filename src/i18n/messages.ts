import ar from './locales/ar.json' with { type: 'json' };
import en from './locales/en.json' with { type: 'json' };
import es from './locales/es.json' with { type: 'json' };
import fr from './locales/fr.json' with { type: 'json' };
import ja from './locales/ja.json' with { type: 'json' };
import ko from './locales/ko.json' with { type: 'json' };
import ru from './locales/ru.json' with { type: 'json' };
import zh from './locales/zh.json' with { type: 'json' };
import type { Locale } from './locales.ts';

/** English is the source of truth for the shape; every other file must match it (tested). */
export type Messages = typeof en;

/** Every locale's `common` namespace. Server-only: islands receive just the slices they need. */
export const MESSAGES: Record<Locale, Messages> = { ar, en, es, fr, ja, ko, ru, zh };
