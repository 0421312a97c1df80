import { describe, expect, it } from 'vitest';
import { MAX_QUERY_LENGTH, recordableQuery } from './recorded-query-text.ts';

describe('recordableQuery', () => {
  it('trims, collapses spaces and lower-cases', () => {
    expect(recordableQuery('  Impact   PACK \t')).toBe('impact pack');
    expect(recordableQuery('ＩＭＰＡＣＴ pack')).toBe('impact pack');
  });

  it('drops empty, one-letter and over-long texts, and too many words', () => {
    for (const text of ['', '   ', 'x', 'a'.repeat(MAX_QUERY_LENGTH + 1), 'one two three four five six seven']) {
      expect(recordableQuery(text), text).toBeNull();
    }
    expect(recordableQuery('a'.repeat(MAX_QUERY_LENGTH - 1))).toBeNull(); // one token of more than 40
    expect(recordableQuery('sd 1.5 upscale')).toBe('sd 1.5 upscale');
  });

  it('drops links and e-mail addresses, in any disguise', () => {
    for (const text of [
      'visit https://spam.example',
      'see www.spam',
      'cheap-pills.com deals',
      'go to spam.shop now',
      'mail me@example.test',
      'xn--80ak6aa92e.xn--p1ai',
    ]) {
      expect(recordableQuery(text), text).toBeNull();
    }
  });
});
