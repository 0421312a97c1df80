import { describe, expect, it } from 'vitest';
import { documentBoost, editorialBoost, popularityBoost, popularitySignal } from './ranking.ts';

describe('ranking boosts', () => {
  it('grows with log stars, about ×1.5 at 100 stars and ×2 for the most starred pack', () => {
    expect(popularityBoost({ stars: 0, downloads: 0 })).toBe(1);
    expect(popularityBoost({ stars: 100, downloads: 0 })).toBeCloseTo(1.5, 2);
    expect(popularityBoost({ stars: 15_817, downloads: 0 })).toBeCloseTo(2.05, 2);
  });

  it('counts downloads in star units inside the same logarithm', () => {
    expect(popularitySignal({ stars: 10, downloads: 500 })).toBe(20);
    expect(popularityBoost({ stars: 0, downloads: 5_000 })).toBeCloseTo(popularityBoost({ stars: 100, downloads: 0 }));
    expect(popularitySignal({ stars: -5, downloads: -1 })).toBe(0);
  });

  it('turns search_ranking 1…10 into ×1.74…×0.5, neutral at 5 and when unset', () => {
    expect(editorialBoost(1)).toBeCloseTo(1.741, 3);
    expect(editorialBoost(5)).toBe(1);
    expect(editorialBoost(10)).toBe(0.5);
    expect(editorialBoost(0)).toBe(1);
    expect(editorialBoost(11)).toBe(1);
    expect(editorialBoost(2.5)).toBe(1);
    expect(documentBoost({ stars: 100, downloads: 0, searchRanking: 10 })).toBeCloseTo(0.75, 2);
  });
});
