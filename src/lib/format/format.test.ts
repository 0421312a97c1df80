import { describe, expect, it } from 'vitest';
import { formatAge, formatCompact, formatDate, formatNumber } from './format.ts';

const NOW = new Date('2026-06-01T12:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const DAY = 86_400_000;

describe('formatAge', () => {
  it('uses the largest fitting unit in the page language', () => {
    expect(formatAge(ago(3 * DAY), NOW, 'en')).toBe('3 days ago');
    expect(formatAge(ago(DAY), NOW, 'en')).toBe('yesterday');
    expect(formatAge(ago(2 * 3_600_000), NOW, 'en')).toBe('2 hours ago');
    expect(formatAge(ago(400 * DAY), NOW, 'en')).toBe('last year');
    expect(formatAge(ago(20 * DAY), NOW, 'en')).toBe('2 weeks ago');
    expect(formatAge(ago(5_000), NOW, 'en')).toBe('now');
    expect(formatAge(ago(3 * DAY), NOW, 'fr')).toBe('il y a 3 jours');
    expect(formatAge(ago(3 * DAY), NOW, 'zh')).toBe('3天前');
    expect(formatAge(ago(5 * DAY), NOW, 'ru')).toBe('5 дней назад');
  });
});

describe('numbers', () => {
  it('use the language separators, compact ones shortened', () => {
    expect(formatNumber(12345, 'en')).toBe('12,345');
    expect(formatNumber(1234, 'fr')).toBe('1\u202f234');
    expect(formatNumber(1234, 'ru')).toBe('1\u00a0234');
    expect(formatCompact(12345, 'en')).toBe('12.3K');
    expect(formatCompact(950, 'en')).toBe('950');
  });
});

describe('dates', () => {
  it('are shown in UTC whatever the machine time zone, from a Date or an ISO string', () => {
    // 23:59 UTC is already the next day east of Greenwich: UTC keeps server and browser in agreement.
    expect(formatDate(new Date('2026-06-01T23:59:00Z'), 'en')).toBe('Jun 1, 2026');
    expect(formatDate('2026-06-01T23:59:00Z', 'en', 'longDate')).toBe('June 1, 2026');
    expect(formatDate('2026-06-01T23:59:00Z', 'en', 'monthDay')).toBe('Jun 1');
    expect(formatDate('2026-06-01T14:05:00Z', 'en', 'dateTime')).toBe('Jun 1, 2026, 2:05 PM UTC');
    expect(formatDate('2026-06-01T14:05:00Z', 'de', 'dateTime')).toContain('UTC');
  });

  it('answer an empty string for a missing or unreadable date', () => {
    expect(formatDate(undefined, 'en')).toBe('');
    expect(formatDate(null, 'en')).toBe('');
    expect(formatDate('not a date', 'en')).toBe('');
  });
});
