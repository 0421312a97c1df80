import { describe, expect, it } from 'vitest';
import { parseThemePreference, resolveTheme } from './theme.ts';

describe('parseThemePreference', () => {
  it('keeps valid choices and defaults everything else to auto', () => {
    expect(parseThemePreference('dark')).toBe('dark');
    expect(parseThemePreference('light')).toBe('light');
    expect(parseThemePreference('auto')).toBe('auto');
    expect(parseThemePreference(null)).toBe('auto');
    expect(parseThemePreference('DARK')).toBe('auto');
  });
});

describe('resolveTheme', () => {
  it('follows the system setting in auto', () => {
    expect(resolveTheme('auto', true)).toBe('dark');
    expect(resolveTheme('auto', false)).toBe('light');
  });
  it('ignores the system setting for an explicit choice', () => {
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });
});
