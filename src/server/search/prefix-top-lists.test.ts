import { describe, expect, it } from 'vitest';
import { PrefixTopLists } from './prefix-top-lists.ts';

const entries = (lists: PrefixTopLists<string>, prefix: string) => [...lists.ranked(prefix)].map((i) => i.entry);

describe('PrefixTopLists', () => {
  it('keeps the best items of every short prefix, best first, at most `capacity`', () => {
    const lists = new PrefixTopLists<string>(2, 2);
    lists.add('a', 'abc', 1);
    lists.add('b', 'abd', 3);
    lists.add('c', 'axe', 2);
    expect(entries(lists, 'a')).toEqual(['b', 'c']);
    expect(entries(lists, 'ab')).toEqual(['b', 'a']);
    expect(entries(lists, 'abc')).toEqual(['a']);
    expect(entries(lists, 'q')).toEqual([]);
  });

  it('continues a longer prefix into its bucket when the top list ran out', () => {
    const lists = new PrefixTopLists<string>(1, 1);
    lists.add('x', 'ab', 1);
    lists.add('y', 'ac', 2);
    lists.add('z', 'abz', 0.5);
    expect(entries(lists, 'a')).toEqual(['y']);
    expect(entries(lists, 'ab')).toEqual(['x', 'z']);
  });

  it('rebuilds a truncated list that lost an item, and forgets emptied ones', () => {
    const lists = new PrefixTopLists<string>(1, 1);
    lists.add('x', 'ab', 1);
    lists.add('y', 'ac', 2);
    lists.remove('y', 'ac');
    expect(entries(lists, 'a')).toEqual(['x']);
    lists.remove('x', 'ab');
    expect(entries(lists, 'a')).toEqual([]);
    expect(entries(lists, 'ab')).toEqual([]);
  });
});
