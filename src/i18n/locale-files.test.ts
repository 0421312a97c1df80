import { describe, expect, it } from 'vitest';
import { LOCALES } from './locales.ts';
import { MESSAGES } from './messages.ts';
import type { MessageTree } from './translator.ts';

function flatten(tree: MessageTree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
const english = flatten(MESSAGES.en);

describe.each(LOCALES.filter((l) => l !== 'en'))('locale %s', (locale) => {
  const messages = flatten(MESSAGES[locale]);

  it('has every English key and no extra ones', () => {
    const missing = [...english.keys()].filter((key) => !messages.has(key));
    const extra = [...messages.keys()].filter((key) => !english.has(key));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it('keeps the same interpolation placeholders and has no empty strings', () => {
    for (const [key, text] of messages) {
      expect(text.trim(), `${locale}:${key} is empty`).not.toBe('');
      expect(placeholders(text), `${locale}:${key}`).toEqual(placeholders(english.get(key) ?? ''));
    }
  });
});
