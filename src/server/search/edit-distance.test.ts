import { describe, expect, it } from 'vitest';
import { boundedEditDistance } from './edit-distance.ts';

describe('boundedEditDistance', () => {
  it.each([
    ['comfyui', 'comfyui', 0],
    ['comfu', 'comfy', 1],
    ['ocmfyui', 'comfyui', 1],
    ['comfyu', 'comfyui', 1],
    ['kitten', 'sitting', 3],
  ])('%s → %s = %i', (a, b, distance) => {
    expect(boundedEditDistance(a, b, 3)).toBe(distance);
  });

  it('stops early and reports max + 1 beyond the bound', () => {
    expect(boundedEditDistance('kitten', 'sitting', 1)).toBe(2);
    expect(boundedEditDistance('a', 'abcdef', 2)).toBe(3);
  });
});
