const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

// Building an Intl formatter costs ~100× formatting with one (locale data lookup): the node page's
// downloads table formats ~180 dates and counts, which made formatter construction ~70 % of an uncached
// render. One formatter per language and options is kept (8 languages × a few option sets).
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>();

function memoized<T extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>(
  key: string,
  create: () => T,
): T {
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) {
    formatter = create();
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * "3 days ago" / "il y a 3 jours" / "منذ 3 أيام": the age of `date` at `now` in the page's
 * language, in the largest unit that fits (under a minute reads as "now").
 */
export function formatAge(date: Date, now: Date, lang: string): string {
  const format = memoized(`age:${lang}`, () => new Intl.RelativeTimeFormat(lang, { numeric: 'auto' }));
  const elapsed = now.getTime() - date.getTime();
  for (const [unit, size] of UNITS) {
    if (Math.abs(elapsed) >= size) return format.format(-Math.trunc(elapsed / size), unit);
  }
  return format.format(0, 'second');
}

/** A calendar date in the page's language ("Jun 1, 2026", "2026年6月1日"), in UTC like the data. */
export function formatDate(date: Date, lang: string): string {
  return memoized(`date:${lang}`, () => new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' })).format(
    date,
  );
}

/** Counts with the language's separators; large ones compact ("12K", "1,2 k"). */
export function formatCount(value: number, lang: string, compact = false): string {
  const options: Intl.NumberFormatOptions = compact ? { notation: 'compact', maximumFractionDigits: 1 } : {};
  return memoized(`count:${compact}:${lang}`, () => new Intl.NumberFormat(lang, options)).format(value);
}

/** A day of the month with the short month ("Jun 1", "6月1日"), in UTC: the chart's axis. */
export function formatDayMonth(date: Date, lang: string): string {
  return memoized(
    `day-month:${lang}`,
    () => new Intl.DateTimeFormat(lang, { month: 'short', day: 'numeric', timeZone: 'UTC' }),
  ).format(date);
}
