import { describe, expect, it } from 'vitest';
import { toQueryString } from './query-string.ts';

describe('toQueryString', () => {
  it('sends arrays as repeated keys', () => {
    expect(toQueryString({ statuses: ['NodeStatusActive', 'NodeStatusBanned'], limit: 10 })).toBe(
      '?statuses=NodeStatusActive&statuses=NodeStatusBanned&limit=10',
    );
  });

  it('leaves out null and undefined, keeps false and 0', () => {
    expect(toQueryString({ a: undefined, b: null, c: false, d: 0 })).toBe('?c=false&d=0');
  });

  it('encodes values and returns "" when nothing is left', () => {
    expect(toQueryString({ search: 'a b&c' })).toBe('?search=a+b%26c');
    expect(toQueryString({})).toBe('');
    expect(toQueryString(undefined)).toBe('');
    expect(toQueryString({ ids: [] })).toBe('');
  });
});
