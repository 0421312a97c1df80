import { describe, expect, it } from 'vitest';
import { compactNumber, facetLabel } from './format.ts';

describe('format', () => {
  it('shortens classifiers to their last part', () => {
    expect(facetLabel('POSIX :: Linux')).toBe('Linux');
    expect(facetLabel('GPU :: NVIDIA CUDA')).toBe('NVIDIA CUDA');
    expect(facetLabel('OS Independent')).toBe('OS Independent');
    expect(facetLabel('  ::  ')).toBe('  ::  ');
  });

  it('compacts large numbers in the page language', () => {
    expect(compactNumber(950, 'en')).toBe('950');
    expect(compactNumber(12_345, 'en')).toBe('12.3K');
  });
});
