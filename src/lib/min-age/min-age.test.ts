import { describe, expect, it } from 'vitest';
import { MAX_MIN_AGE_MS, parseMinAge, publishedBy } from './min-age.ts';

describe('parseMinAge', () => {
  it('reads minutes, hours and days', () => {
    expect(parseMinAge('30m')).toBe(30 * 60_000);
    expect(parseMinAge('72h')).toBe(72 * 3_600_000);
    expect(parseMinAge('7d')).toBe(7 * 86_400_000);
    expect(parseMinAge(' 7D ')).toBe(7 * 86_400_000);
  });

  it('takes 0 as no minimum', () => {
    expect(parseMinAge('0')).toBe(0);
    expect(parseMinAge('0h')).toBe(0);
  });

  it('refuses anything else', () => {
    for (const bad of ['', '72', 'h', '-1h', '1.5h', '3w', '72 h', '1e3h', 'seven days', '1000000d']) {
      expect(parseMinAge(bad), bad).toBeNull();
    }
  });

  it('accepts a year at most', () => {
    expect(parseMinAge('365d')).toBe(MAX_MIN_AGE_MS);
    expect(parseMinAge('366d')).toBeNull();
  });

  it('turns an age into the newest allowed publication time', () => {
    expect(publishedBy(new Date('2026-01-04T00:00:00Z'), 72 * 3_600_000).toISOString()).toBe(
      '2026-01-01T00:00:00.000Z',
    );
  });
});
