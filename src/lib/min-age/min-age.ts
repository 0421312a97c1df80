// A minimum release age ("only versions at least this old"), written as a whole number and a unit:
// `30m`, `72h`, `7d`, or `0` for none. Shared by the API's `min_age` parameter, the operator default
// DEFAULT_MIN_RELEASE_AGE and the node page's preference, so all three read the same spelling.

const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** The longest age accepted: a year. Longer would only ever mean "nothing". */
export const MAX_MIN_AGE_MS = 365 * UNIT_MS.d;

const PATTERN = /^(\d{1,6})([mhd])$/;

/** Milliseconds of `text`, or null when it is not a valid age (`0` is valid: no minimum). */
export function parseMinAge(text: string): number | null {
  const trimmed = text.trim().toLowerCase();
  if (trimmed === '0') return 0;
  const match = PATTERN.exec(trimmed);
  if (!match) return null;
  const ms = Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS];
  return ms <= MAX_MIN_AGE_MS ? ms : null;
}

/** What a bad value should have looked like, for error messages. */
export const MIN_AGE_HINT =
  'a whole number of minutes, hours or days such as 30m, 72h or 7d (0 for none, at most 365d)';

/** The newest creation time a version may have to be at least `minAgeMs` old at `now`. */
export function publishedBy(now: Date, minAgeMs: number): Date {
  return new Date(now.getTime() - minAgeMs);
}
