import { describe, expect, it } from 'vitest';
import { countPages, pageOffset, parsePageParam } from './paging.ts';

describe('paging', () => {
  it('counts pages, with 0 for an empty result', () => {
    expect(countPages(0, 30)).toBe(0);
    expect(countPages(1, 30)).toBe(1);
    expect(countPages(30, 30)).toBe(1);
    expect(countPages(31, 30)).toBe(2);
  });

  it('turns a 1-based page into an offset', () => {
    expect(pageOffset({ page: 1, limit: 30 })).toBe(0);
    expect(pageOffset({ page: 3, limit: 12 })).toBe(24);
  });

  it('reads ?page= as a positive integer, anything else as page 1', () => {
    expect(parsePageParam('3')).toBe(3);
    for (const raw of [null, '', '0', '-1', '1.5', 'abc', '1e400', '100001']) expect(parsePageParam(raw)).toBe(1);
  });
});
