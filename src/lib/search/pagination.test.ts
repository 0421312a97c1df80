import { describe, expect, it } from 'vitest';
import { pageItems } from './pagination.ts';

const render = (current: number, total: number) =>
  pageItems(current, total)
    .map((item) => (item.kind === 'gap' ? '…' : String(item.page)))
    .join(' ');

describe('pageItems', () => {
  it('shows nothing for a single page', () => {
    expect(pageItems(1, 1)).toEqual([]);
    expect(pageItems(1, 0)).toEqual([]);
  });

  it('shows first, last and neighbours with gaps', () => {
    expect(render(1, 10)).toBe('1 2 … 10');
    expect(render(5, 10)).toBe('1 … 4 5 6 … 10');
    expect(render(10, 10)).toBe('1 … 9 10');
  });

  it('fills a one-page gap with the page itself', () => {
    expect(render(4, 7)).toBe('1 2 3 4 5 6 7');
    expect(render(3, 5)).toBe('1 2 3 4 5');
  });

  it('gives gaps distinct keys', () => {
    const keys = pageItems(50, 100).flatMap((item) => (item.kind === 'gap' ? [item.key] : []));
    expect(new Set(keys).size).toBe(keys.length);
  });
});
