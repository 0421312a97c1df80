import { describe, expect, it } from 'vitest';
import { acceleratorMatcher, normalizeClassifier, osMatcher, tagMatcher } from './filters.ts';

const os = (wanted: string[], values: string[]) => osMatcher(wanted)?.(values.map(normalizeClassifier));

describe('facet filters', () => {
  it('normalizes classifiers', () => {
    expect(normalizeClassifier('  Microsoft::Windows ::  Windows 10 ')).toBe('microsoft :: windows :: windows 10');
  });

  it('matches OS classifiers hierarchically, by alias, and OS Independent always', () => {
    expect(os(['windows'], ['Microsoft :: Windows :: Windows 10'])).toBe(true);
    expect(os(['Microsoft :: Windows :: Windows 10'], ['Microsoft :: Windows'])).toBe(true);
    expect(os(['linux'], ['OS Independent'])).toBe(true);
    expect(os(['macos'], ['POSIX :: Linux'])).toBe(false);
    expect(os(['micro'], ['Microsoft :: Windows'])).toBe(false);
    expect(os(['linux'], [])).toBe(false);
    expect(osMatcher([])).toBeNull();
    expect(osMatcher(undefined)).toBeNull();
  });

  it('understands the accelerator names the ComfyUI frontend sends', () => {
    const cuda = acceleratorMatcher(['cuda']);
    expect(cuda?.([normalizeClassifier('GPU :: NVIDIA CUDA')])).toBe(true);
    expect(cuda?.([normalizeClassifier('GPU :: AMD ROCm')])).toBe(false);
    expect(acceleratorMatcher(['mps', 'rocm'])?.([normalizeClassifier('GPU :: AMD ROCm')])).toBe(true);
  });

  it('matches tags case-insensitively, any of them', () => {
    expect(tagMatcher(['Video', 'audio'])?.(['video'])).toBe(true);
    expect(tagMatcher(['video'])?.(['image'])).toBe(false);
    expect(tagMatcher(['  '])).toBeNull();
  });
});
