// The one place where numbers, dates and ages become text, used by server-rendered pages, by the
// islands and by the translator (every number interpolated into a message comes through here).
//
// Time zones: everything is formatted in UTC, on the server and in the browser alike, so a date
// rendered by a page and the same date rendered by an island read the same (and a page's HTML does
// not depend on where the server runs). Times of day say "UTC" so nobody mistakes them for local time.

/** The time zone every date and time is shown in (see above). */
export const DISPLAY_TIME_ZONE = 'UTC';

// Building an Intl formatter costs far more than using one: keep one per language and style.
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>();

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(
  key: string,
  make: () => T,
): T {
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter as T;
}

const DATE_STYLES = {
  /** "Jun 1, 2026" */
  date: { dateStyle: 'medium' },
  /** "June 1, 2026" */
  longDate: { dateStyle: 'long' },
  /** "Jun 1" (chart axes) */
  monthDay: { month: 'short', day: 'numeric' },
  /** "Jun 1, 2026, 14:05 UTC" */
  dateTime: {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DateStyle = keyof typeof DATE_STYLES;

/** A number with the language's digits and separators: 1234 → "1,234", "1 234", "١٬٢٣٤". */
export function formatNumber(value: number, lang: string): string {
  return cached(`n:${lang}`, () => new Intl.NumberFormat(lang)).format(value);
}

/** A fraction as a percentage in the language's style: 0.42 → "42%", "42 %", "٤٢٪" (whole percents). */
export function formatPercent(fraction: number, lang: string): string {
  return cached(`p:${lang}`, () => new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 0 })).format(
    fraction,
  );
}

/** Large numbers shortened for cards: 12345 → "12.3K", "1,2 k", "1.2万"; small ones stay exact. */
export function formatCompact(value: number, lang: string): string {
  return cached(
    `c:${lang}`,
    () => new Intl.NumberFormat(lang, { notation: 'compact', maximumFractionDigits: 1 }),
  ).format(value);
}

/** A date (a `Date` or an ISO string) in the page's language, in UTC; '' for a missing or bad one. */
export function formatDate(value: Date | string | undefined | null, lang: string, style: DateStyle = 'date'): string {
  if (value === undefined || value === null || value === '') return '';
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return cached(
    `d:${style}:${lang}`,
    () => new Intl.DateTimeFormat(lang, { ...DATE_STYLES[style], timeZone: DISPLAY_TIME_ZONE }),
  ).format(date);
}

const AGE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/**
 * "3 days ago" / "il y a 3 jours" / "منذ 3 أيام": the age of `date` at `now` in the page's
 * language, in the largest unit that fits (under a minute reads as "now").
 */
export function formatAge(date: Date, now: Date, lang: string): string {
  const format = cached(`r:${lang}`, () => new Intl.RelativeTimeFormat(lang, { numeric: 'auto' }));
  const elapsed = now.getTime() - date.getTime();
  for (const [unit, size] of AGE_UNITS) {
    if (Math.abs(elapsed) >= size) return format.format(-Math.trunc(elapsed / size), unit);
  }
  return format.format(0, 'second');
}
