import { describe, expect, it } from 'vitest';
import { didYouMeanPrefixes } from './did-you-mean.ts';

describe('didYouMeanPrefixes', () => {
  it('tries the whole query, then its longest words, then shorter starts', () => {
    expect(didYouMeanPrefixes('xyzzy upscale', 8)).toEqual([
      'xyzzy upscale',
      'upscale',
      'xyzzy',
      'xyzzy u',
      'xyzz',
      'xyz',
    ]);
  });

  it('a one-word query: the word, then its first half, 4 and 3 characters', () => {
    expect(didYouMeanPrefixes('Maskzzqqy')).toEqual(['maskzzqqy', 'maskz', 'mask', 'mas']);
  });

  it('nothing for blank text, no duplicates, and at most `max` candidates', () => {
    expect(didYouMeanPrefixes('   ')).toEqual([]);
    expect(didYouMeanPrefixes('ab')).toEqual(['ab']);
    expect(didYouMeanPrefixes('alpha beta gamma delta', 3)).toHaveLength(3);
  });
});
