import { isLocale, LOCALES } from '../../../i18n/locales.ts';

// What a node may carry as translations. Every Node answer (lists and search included, as the
// contract's Node has them) embeds them, so they are bounded on the way in AND on the way out:
//  - locales: only the languages the registry itself speaks (src/i18n/locales.ts). Nothing else
//    could be shown here, and a fixed list keeps the worst case known: a publisher once made one
//    pack carry 1,501 invented tags, 3.4 MB in every 100-pack page;
//  - fields: `name` and `description`, no longer than the node's own (100 and 2,000 characters);
//  - total: all of a node's translated texts together, at most 8,000 characters, enough for the
//    seven other languages of a 1,000-character description (the upstream limit) with names.

export const TRANSLATION_LOCALES = LOCALES;
export const TRANSLATABLE_FIELDS = ['name', 'description'] as const;
export type TranslatableField = (typeof TRANSLATABLE_FIELDS)[number];

export const MAX_TRANSLATED_LENGTH: Record<TranslatableField, number> = { name: 100, description: 2000 };
export const MAX_TRANSLATION_CHARS = 8000;

/** As stored in `nodes.translations`: {locale: {field: text}}; rows written before the policy may hold more. */
export type NodeTranslations = Record<string, Record<string, unknown>>;
/** Translations within the policy: accepted locales, translatable fields (only those set), strings only. */
export type BoundedTranslations = Record<string, { [field: string]: string }>;

export const isTranslationLocale = isLocale;

/**
 * The in-policy part of stored translations: what answers serve and what a new write starts from.
 * Other locales and fields (left by writes before the policy) are dropped, over-long texts cut.
 */
export function boundedTranslations(stored: NodeTranslations | null | undefined): BoundedTranslations {
  const bounded: BoundedTranslations = {};
  for (const locale of TRANSLATION_LOCALES) {
    const fields = stored?.[locale];
    if (!fields || typeof fields !== 'object') continue;
    const kept: Record<string, string> = {};
    for (const field of TRANSLATABLE_FIELDS) {
      const value = fields[field];
      if (typeof value === 'string' && value !== '') kept[field] = value.slice(0, MAX_TRANSLATED_LENGTH[field]);
    }
    if (Object.keys(kept).length > 0) bounded[locale] = kept;
  }
  return bounded;
}

/** Characters of every translated text together (what MAX_TRANSLATION_CHARS bounds). */
export function translatedChars(translations: BoundedTranslations): number {
  let total = 0;
  for (const fields of Object.values(translations)) {
    for (const field of TRANSLATABLE_FIELDS) total += fields?.[field]?.length ?? 0;
  }
  return total;
}

/** Stored locales outside the policy (they are dropped by the next write). */
export function outOfPolicyLocales(stored: NodeTranslations | null | undefined): string[] {
  return Object.keys(stored ?? {}).filter((locale) => !isTranslationLocale(locale));
}
