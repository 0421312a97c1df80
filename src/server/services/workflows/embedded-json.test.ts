import { describe, expect, it } from 'vitest';
import { findLabelledJson } from './embedded-json.ts';
import { WorkBudget } from './work-budget.ts';

const budget = (limit = Number.MAX_SAFE_INTEGER) => new WorkBudget(limit, () => new Error('over budget'));

/** The label search over `text`, with the steps it took. */
function search(text: string, label = 'workflow') {
  const spent = budget();
  return { json: findLabelledJson(text, label, spent), steps: spent.used };
}

describe('findLabelledJson', () => {
  it('finds the labelled object, strings and escapes respected', () => {
    expect(search('Make\0workflow:{"a":{"b":"}{\\"x"}}\0Model').json).toBe('{"a":{"b":"}{\\"x"}}');
    expect(search('prompt:   {"1":{}} tail', 'prompt').json).toBe('{"1":{}}');
    // Another tool's "negative_prompt:" still carries the label, as before.
    expect(search('negative_prompt:{"x":1}', 'prompt').json).toBe('{"x":1}');
    expect(search('workflow: none here, workflow:[1]').json).toBeUndefined();
  });

  it('takes the first labelled object that closes, also after a truncated one', () => {
    expect(search('workflow:{"a":1} workflow:{"b":2}').json).toBe('{"a":1}');
    // A value cut short ends at its NUL: the next value is still found.
    expect(search('workflow:{"cut\0workflow:{"b":2}').json).toBe('{"b":2}');
    // An unclosed object with a labelled one nested outside its strings: the nested one.
    expect(search('workflow:{ "x": workflow:{"b":2}').json).toBe('{"b":2}');
    expect(search('workflow:{ workflow:{"b":2} workflow:{"c":3}').json).toBe('{"b":2}');
    expect(search('workflow:{"a":1,"s":"workflow:{}"}').json).toBe('{"a":1,"s":"workflow:{}"}');
  });

  it('visits each character a bounded number of times, whatever the text: "workflow:{" repeated (320 KiB)', () => {
    const unit = 'workflow:{';
    const hostile = unit.repeat((320 * 1024) / unit.length);
    const { json, steps } = search(hostile);
    expect(json).toBeUndefined();
    // One pass: the marker search and the brace matching each visit a character at most once,
    // plus one look-back per brace. (The old search rescanned to the end from every marker: ~n²/20.)
    expect(steps).toBeGreaterThanOrEqual(hostile.length); // every character is looked at, and counted
    expect(steps).toBeLessThanOrEqual(3 * hostile.length);
    expect(search(hostile.repeat(2)).steps).toBeLessThanOrEqual(2 * steps + 16);
  });

  it('stays linear on other hostile shapes: spaces, strings, escapes, closing braces', () => {
    const shapes = ['prompt: {', 'workflow:{"', 'workflow:{\\"', 'workflow: { ', '}workflow:{{'];
    for (const unit of shapes) {
      const hostile = unit.repeat(20_000);
      for (const label of ['workflow', 'prompt']) {
        expect(search(hostile, label).steps, `${unit} / ${label}`).toBeLessThanOrEqual(3 * hostile.length);
      }
    }
    const spaces = `workflow:${' '.repeat(100_000)}{${' {'.repeat(100_000)}`;
    expect(search(spaces).steps).toBeLessThanOrEqual(3 * spaces.length);
  });

  it('stops with the budget’s error once the budget is spent', () => {
    const hostile = 'workflow:{'.repeat(10_000);
    expect(() => findLabelledJson(hostile, 'workflow', budget(hostile.length / 2))).toThrow('over budget');
  });
});
