import { describe, expect, it } from 'vitest';
import { facetLabel } from './format.ts';

describe('format', () => {
  it('shortens classifiers to their last part', () => {
    expect(facetLabel('POSIX :: Linux')).toBe('Linux');
    expect(facetLabel('GPU :: NVIDIA CUDA')).toBe('NVIDIA CUDA');
    expect(facetLabel('OS Independent')).toBe('OS Independent');
    expect(facetLabel('  ::  ')).toBe('  ::  ');
  });
});
