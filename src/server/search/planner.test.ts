import { describe, expect, it } from 'vitest';
import { EXPANSION_LIMIT, fuzzyBudget, planQuery, type QueryPlan } from './planner.ts';
import { Vocabulary } from './vocabulary.ts';

/** 100 nodes: "comfyui" and "nodes" in every one (stop words), plus a few real words. */
function vocabulary(): Vocabulary {
  const v = new Vocabulary();
  for (let i = 0; i < 100; i++) {
    const words = ['comfyui', 'nodes', `pack${i}`];
    if (i < 5) words.push('impact');
    if (i < 3) words.push('simplefloatslider', 'simple', 'float', 'slider');
    if (i < 40) words.push(`component${i}`);
    v.addDocument(words, words);
  }
  return v;
}

/** Compact view: term, `*` = prefix, `@n` = names only, `~w` = weight below 1. */
function show(plan: QueryPlan): string[][] {
  return plan.groups.map((group) =>
    group.map(
      (c) =>
        `${c.term}${c.prefix ? '*' : ''}${c.scope === 'names' ? '@n' : ''}${c.weight < 1 ? `~${c.weight.toFixed(2)}` : ''}`,
    ),
  );
}

describe('planQuery', () => {
  const v = vocabulary();

  it('drops stop words and their typos, keeps known words exact and the last one as a prefix', () => {
    expect(show(planQuery('ComfyUI Impact nodes', v))).toEqual([['impact']]);
    expect(show(planQuery('czmfyui impact', v))).toEqual([['impact*']]);
    expect(planQuery('ComfyUI Impact nodes', v).combineWith).toBe('or');
  });

  it('does not prefix-match a last word the user finished with a space', () => {
    expect(show(planQuery('impact ', v))).toEqual([['impact']]);
  });

  it('corrects unknown words within the edit budget, on names only', () => {
    expect(show(planQuery('impcat nodes', v))).toEqual([['impact@n~0.39']]);
    expect(fuzzyBudget(3)).toBe(0);
    expect(fuzzyBudget(7)).toBe(1);
    expect(fuzzyBudget(8)).toBe(2);
  });

  it('searches a known compound whole, and an unknown one by its parts too', () => {
    expect(show(planQuery('SimpleFloatSlider ', v))).toEqual([['simplefloatslider']]);
    // "flaot" → "float" is a transposition: one edit.
    expect(show(planQuery('SimpleFlaotSlider ', v))).toEqual([
      ['simplefloatslider@n~0.43', 'simple@n', 'float@n~0.38', 'slider@n'],
    ]);
    expect(show(planQuery('SimpleFlaotSlid', v))).toEqual([
      ['simpleflaotslid*@n', 'simple@n', 'float@n~0.38', 'slid*@n'],
    ]);
  });

  it('expands a short last word into a bounded list of real words', () => {
    const plan = planQuery('com', v);
    // "comfyui" is a stop word and must not be among them.
    expect(show(plan)[0]?.every((c) => c.startsWith('component') && c.endsWith('~0.38'))).toBe(true);
    expect(plan.groups[0]).toHaveLength(EXPANSION_LIMIT);
  });

  it('ANDs the words of a query made only of stop words', () => {
    expect(planQuery('comfyui nodes', v)).toMatchObject({ combineWith: 'and' });
    expect(show(planQuery('comfyui nodes', v))).toEqual([['comfyui'], ['nodes']]);
    expect(show(planQuery('czmfyui', v))).toEqual([['comfyui']]);
  });

  it('plans nothing for an empty query', () => {
    expect(planQuery('  -- ', v).groups).toEqual([]);
  });
});
