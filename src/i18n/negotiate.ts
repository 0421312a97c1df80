import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from './locales.ts';

interface WeightedTag {
  tag: string;
  q: number;
  order: number;
}

/** Parses an Accept-Language header into tags ordered by preference (q, then header order). */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return [];
  const tags: WeightedTag[] = [];
  header.split(',').forEach((part, order) => {
    const [rawTag = '', ...params] = part.trim().split(';');
    const tag = rawTag.trim().toLowerCase();
    if (!tag) return;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.trim().split('=');
      if (key === 'q') q = Number.parseFloat(value ?? '');
    }
    if (Number.isFinite(q) && q > 0 && q <= 1) tags.push({ tag, q, order });
  });
  return tags.sort((a, b) => b.q - a.q || a.order - b.order).map((t) => t.tag);
}

/** The supported locale for one language tag: exact match or its primary subtag (zh-Hant-TW → zh). */
export function matchLocale(tag: string): Locale | undefined {
  const lower = tag.toLowerCase();
  if (isLocale(lower)) return lower;
  const primary = lower.split('-')[0];
  return LOCALES.find((l) => l === primary);
}

/**
 * Picks the visitor's language: an explicit saved choice wins, then the browser's
 * Accept-Language preferences, then English.
 */
export function negotiateLocale(options: { saved?: string | undefined; acceptLanguage?: string | null }): Locale {
  if (isLocale(options.saved)) return options.saved;
  for (const tag of parseAcceptLanguage(options.acceptLanguage)) {
    if (tag === '*') return DEFAULT_LOCALE;
    const match = matchLocale(tag);
    if (match) return match;
  }
  return DEFAULT_LOCALE;
}
