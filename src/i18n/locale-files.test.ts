import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
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

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** A language's messages by key, plural forms grouped under their base key (`x_one`, `x_other` → `x`). */
function messagesOf(locale: string): Map<string, { forms: Map<string, string> | null; text: string }> {
  const out = new Map<string, { forms: Map<string, string> | null; text: string }>();
  for (const [key, text] of flatten(MESSAGES[locale as keyof typeof MESSAGES])) {
    const plural = PLURAL_SUFFIX.exec(key);
    if (!plural) {
      out.set(key, { forms: null, text });
      continue;
    }
    const base = key.slice(0, plural.index);
    const entry = out.get(base) ?? { forms: new Map<string, string>(), text: '' };
    entry.forms?.set(plural[1]!, text);
    out.set(base, entry);
  }
  return out;
}

const placeholders = (text: string) => [...new Set([...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]))].sort();
const english = messagesOf('en');
const allTexts = (entry: { forms: Map<string, string> | null; text: string }) =>
  entry.forms ? [...entry.forms.values()] : [entry.text];

describe.each(LOCALES)('locale %s', (locale) => {
  const messages = messagesOf(locale);
  // The plural categories the language itself has (CLDR, through the runtime's Intl).
  const categories = [...new Intl.PluralRules(locale).resolvedOptions().pluralCategories].sort();

  it('has every English message and no extra ones', () => {
    const missing = [...english.keys()].filter((key) => !messages.has(key));
    const extra = [...messages.keys()].filter((key) => !english.has(key));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it('gives every counted message exactly the plural forms the language needs', () => {
    for (const [key, entry] of english) {
      const own = messages.get(key);
      if (!own) continue;
      expect(own.forms !== null, `${locale}:${key} plural in English, not here (or the reverse)`).toBe(
        entry.forms !== null,
      );
      if (own.forms) expect([...own.forms.keys()].sort(), `${locale}:${key}`).toEqual(categories);
    }
  });

  it('puts {{count}} only in plural messages, so a count always picks its form', () => {
    for (const [key, entry] of messages) {
      if (entry.forms) continue;
      expect(placeholders(entry.text), `${locale}:${key}`).not.toContain('count');
    }
  });

  it('keeps the English placeholders and has no empty strings', () => {
    for (const [key, entry] of messages) {
      const source = english.get(key);
      if (!source) continue;
      const allowed = [...new Set(allTexts(source).flatMap(placeholders))].sort();
      for (const text of allTexts(entry)) {
        expect(text.trim(), `${locale}:${key} is empty`).not.toBe('');
        // A form may leave the number out ("عضو واحد" is "one member"), but never invents a placeholder.
        for (const name of placeholders(text)) expect(allowed, `${locale}:${key} {{${name}}}`).toContain(name);
      }
      // The general form always carries every placeholder.
      const general = entry.forms ? (entry.forms.get('other') ?? '') : entry.text;
      expect(placeholders(general), `${locale}:${key}`).toEqual(allowed);
    }
  });

  it('has no workarounds for missing plurals ("version(s)", "Label: {{count}}")', () => {
    for (const [key, entry] of messages) {
      for (const text of allTexts(entry)) {
        expect(text, `${locale}:${key}`).not.toMatch(/\p{L}\((e?s|n|e)\)/u);
        expect(text, `${locale}:${key}`).not.toMatch(/\p{L}\s?[:：]\s*\{\{\s*(count|total)\s*\}\}/u);
      }
    }
  });
});

// Source files that call t(): a count handed over as text ("1,234") would pick the wrong plural form.
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|astro)$/.test(entry.name) && !entry.name.includes('.test.') ? [path] : [];
  });
}

describe('callers', () => {
  const root = new URL('..', import.meta.url).pathname;
  const files = ['components', 'islands', 'pages', 'layouts'].flatMap((dir) => sourceFiles(join(root, dir)));

  it('pass counts as numbers, not as formatted strings', () => {
    const offenders: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/\bcount:\s*(format\w*|fullNumber|compactNumber|String)\s*\(|\bcount:\s*`/g)) {
        offenders.push(`${file.slice(root.length)}: ${match[0]}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
