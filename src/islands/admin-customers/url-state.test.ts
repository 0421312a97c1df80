import { describe, expect, it } from 'vitest';
import { readView, viewSearch } from './url-state.ts';

describe('admin customers URL state', () => {
  it('round-trips the view and drops defaults', () => {
    const view = { email: 'a@b.c', name: '', page: 3, customer: 'uid-1' };
    expect(viewSearch(view)).toBe('?email=a%40b.c&page=3&customer=uid-1');
    expect(readView(viewSearch(view))).toEqual(view);
    expect(viewSearch({ email: '', name: '', page: 1, customer: '' })).toBe('');
  });

  it('ignores a nonsense page number', () => {
    expect(readView('?page=-2').page).toBe(1);
    expect(readView('?page=abc').page).toBe(1);
  });
});
