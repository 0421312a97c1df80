import { describe, expect, it } from 'vitest';
import { formatAge, formatCount, formatDate, formatDayMonth } from './relative-time.ts';

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
  });
});

describe('formatDate and formatCount', () => {
  it('formats in the language, in UTC', () => {
    expect(formatDate(new Date('2026-06-01T23:59:00Z'), 'en')).toBe('Jun 1, 2026');
    expect(formatCount(12345, 'en')).toBe('12,345');
    expect(formatCount(12345, 'en', true)).toBe('12.3K');
  });
});

describe('formatters kept per language', () => {
  it('formats each language with its own formatter after another language was used', () => {
    expect(formatCount(1234567, 'en')).toBe('1,234,567');
    expect(formatCount(1234567, 'fr')).toBe('1\u202f234\u202f567');
    expect(formatCount(1234567, 'en')).toBe('1,234,567');
    expect(formatCount(12345, 'en', true)).toBe('12.3K');
    expect(formatCount(12345, 'en')).toBe('12,345');
    expect(formatDayMonth(new Date('2026-06-01T00:00:00Z'), 'en')).toBe('Jun 1');
    expect(formatDate(new Date('2026-06-01T00:00:00Z'), 'fr')).toBe('1 juin 2026');
    expect(formatDate(new Date('2026-06-01T00:00:00Z'), 'en')).toBe('Jun 1, 2026');
  });
});
