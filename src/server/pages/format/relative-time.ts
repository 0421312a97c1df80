const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
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
  const format = new Intl.RelativeTimeFormat(lang, { numeric: 'auto' });
  const elapsed = now.getTime() - date.getTime();
  for (const [unit, size] of UNITS) {
    if (Math.abs(elapsed) >= size) return format.format(-Math.trunc(elapsed / size), unit);
  }
  return format.format(0, 'second');
}

/** A calendar date in the page's language ("Jun 1, 2026", "2026年6月1日"), in UTC like the data. */
export function formatDate(date: Date, lang: string): string {
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

/** Counts with the language's separators; large ones compact ("12K", "1,2 k"). */
export function formatCount(value: number, lang: string, compact = false): string {
  return new Intl.NumberFormat(lang, compact ? { notation: 'compact', maximumFractionDigits: 1 } : {}).format(value);
}
