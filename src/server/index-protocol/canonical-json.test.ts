import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json.ts';

describe('canonicalJson', () => {
  it('orders keys by code unit at every depth, leaves out undefined members and keeps array order', () => {
    const value = { b: 1, a: { z: [3, { y: true, x: null }], é: 'e', Z: 'upper' }, c: undefined, 'a-b': 'dash' };
    expect(canonicalJson(value)).toBe('{"a":{"Z":"upper","z":[3,{"x":null,"y":true}],"é":"e"},"a-b":"dash","b":1}');
  });

  it('is the same whatever order the members were written in', () => {
    expect(canonicalJson({ x: 1, y: { q: 2, p: 3 } })).toBe(canonicalJson({ y: { p: 3, q: 2 }, x: 1 }));
  });

  it('refuses numbers JSON cannot hold', () => {
    expect(() => canonicalJson({ n: Number.NaN })).toThrow(/NaN/);
    expect(() => canonicalJson([Infinity])).toThrow(/Infinity/);
  });
});
