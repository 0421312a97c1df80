import { describe, expect, it } from 'vitest';
import { matchLocale, negotiateLocale, parseAcceptLanguage } from './negotiate.ts';

describe('parseAcceptLanguage', () => {
  it('orders by quality, then by position', () => {
    expect(parseAcceptLanguage('fr;q=0.5, ja, de;q=0.9, es;q=0.9')).toEqual(['ja', 'de', 'es', 'fr']);
  });
  it('drops malformed and zero-quality entries', () => {
    expect(parseAcceptLanguage('en;q=0, ;q=1, ko;q=abc, ru')).toEqual(['ru']);
  });
  it('handles an empty or missing header', () => {
    expect(parseAcceptLanguage(undefined)).toEqual([]);
    expect(parseAcceptLanguage('')).toEqual([]);
  });
});

describe('matchLocale', () => {
  it('matches exact codes and primary subtags', () => {
    expect(matchLocale('ja')).toBe('ja');
    expect(matchLocale('zh-Hant-TW')).toBe('zh');
    expect(matchLocale('AR-eg')).toBe('ar');
    expect(matchLocale('de-DE')).toBeUndefined();
  });
});

describe('negotiateLocale', () => {
  it('prefers a saved choice over the header', () => {
    expect(negotiateLocale({ saved: 'ko', acceptLanguage: 'fr' })).toBe('ko');
  });
  it('ignores an unsupported saved value', () => {
    expect(negotiateLocale({ saved: 'xx', acceptLanguage: 'fr' })).toBe('fr');
  });
  it('takes the best supported language from Accept-Language', () => {
    expect(negotiateLocale({ acceptLanguage: 'de-DE, pt;q=0.9, zh-CN;q=0.8, en;q=0.1' })).toBe('zh');
  });
  it('falls back to English', () => {
    expect(negotiateLocale({ acceptLanguage: 'de, pt' })).toBe('en');
    expect(negotiateLocale({})).toBe('en');
  });
});
