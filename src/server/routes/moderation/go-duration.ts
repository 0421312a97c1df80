const UNIT_MS: Record<string, number> = { ns: 1e-6, us: 1e-3, µs: 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** A Go `time.Duration` string (`30m`, `1h30m`, `1.5s`, `0`) in milliseconds, or null. */
export function parseGoDuration(text: string): number | null {
  if (text === '0') return 0;
  const pattern = /(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/y;
  let total = 0;
  let index = 0;
  while (index < text.length) {
    pattern.lastIndex = index;
    const match = pattern.exec(text);
    if (!match) return null;
    total += Number(match[1]) * UNIT_MS[match[2]!]!;
    index = pattern.lastIndex;
  }
  return index > 0 ? total : null;
}
