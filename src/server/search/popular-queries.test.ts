import { describe, expect, it } from 'vitest';
import { PopularQueries } from './popular-queries.ts';

describe('PopularQueries', () => {
  it('normalizes case and spaces, and ignores empty or oversized queries', () => {
    const queries = new PopularQueries({ minCount: 1 });
    queries.record('  Impact   PACK ');
    queries.record('impact pack');
    queries.record('x');
    queries.record('   ');
    queries.record('!!!');
    queries.record('a'.repeat(81));
    expect(queries.size).toBe(1);
    expect(queries.complete('imp', 5)).toEqual([{ text: 'impact pack', count: 2, quality: 1.5 }]);
    expect(queries.complete('pack', 5)).toEqual([{ text: 'impact pack', count: 2, quality: 1 }]);
  });

  it('stays bounded and keeps the most counted queries', () => {
    const queries = new PopularQueries({ capacity: 3, minCount: 1 });
    for (let i = 0; i < 5; i++) queries.record('favourite');
    for (let i = 0; i < 3; i++) queries.record('runner up');
    for (let i = 0; i < 100; i++) queries.record(`one-off ${i}`);
    expect(queries.size).toBeLessThan(6);
    expect(queries.complete('', 2).map((q) => q.text)).toEqual(['favourite', 'runner up']);
  });

  it('suggests a query only once it reaches the minimum count', () => {
    const queries = new PopularQueries();
    queries.record('wan video');
    expect(queries.complete('wan', 5)).toEqual([]);
    queries.record('wan video');
    expect(queries.complete('wan', 5).map((q) => q.text)).toEqual(['wan video']);
  });
});
