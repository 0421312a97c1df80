import { describe, expect, it } from 'vitest';
import { createFixedT } from './fixed-t.ts';
import { LOCALES } from './locales.ts';
import { MESSAGES } from './messages.ts';
import type { MessageTree } from './translator.ts';

// The sections the fixed-text islands receive (Header.astro, node-page/CommandLine.astro).
const FIXED_SECTIONS = ['userMenu', 'logout', 'toast', 'theme', 'language', 'nodePageCopy'];

function keys(tree: MessageTree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`),
  );
}

describe('createFixedT', () => {
  const t = createFixedT({ a: { b: 'Language: {{name}}', c: 'Plain' } });

  it('reads texts by key and fills string placeholders', () => {
    expect(t('a.c')).toBe('Plain');
    expect(t('a.b', { name: 'Français' })).toBe('Language: Français');
    expect(t('a.b')).toBe('Language: {{name}}');
    expect(t('a.missing')).toBe('a.missing');
    expect(t('a')).toBe('a');
  });

  it('refuses numbers: they need plural rules and number formatting (useIslandT)', () => {
    expect(() => t('a.b', { name: 3 })).toThrow(/useIslandT/);
  });
});

describe.each(LOCALES)('fixed-text island sections in %s', (locale) => {
  it('have no plural messages and no numbers to fill', () => {
    for (const section of FIXED_SECTIONS) {
      const tree = MESSAGES[locale][section];
      expect(tree, section).toBeTypeOf('object');
      for (const key of keys(tree as MessageTree, `${section}.`)) {
        expect(key).not.toMatch(/_(zero|one|two|few|many|other)$/);
      }
    }
  });
});
