import type { Locale } from '../../i18n/locales.ts';

/** A date in the page's language (and its calendar conventions), e.g. "1 Jun 2026". */
export function formatDate(lang: Locale, iso: string | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium' }).format(date);
}

export function formatNumber(lang: Locale, value: number): string {
  return new Intl.NumberFormat(lang).format(value);
}
