import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { MessageKey, PluralKey } from './message-keys.ts';
import { MESSAGES } from './messages.ts';
import { createTranslator, type TFunction } from './translator.ts';

// The keys are checked by `npm run typecheck`, which covers this file: each `@ts-expect-error` below
// must meet an error, or the directive itself fails the check. At run time the same calls show what a
// user would have seen without the types: the raw key.
const t: TFunction = createTranslator('en', MESSAGES.en);

describe('typed translation keys', () => {
  it('refuse a misspelt key (the type check fails; the page would show the key)', () => {
    // @ts-expect-error -- no such message in the English files
    expect(t('dashboard.tokens.titel')).toBe('dashboard.tokens.titel');
    // @ts-expect-error -- a section is not a message
    expect(t('dashboard.tokens')).toBe('dashboard.tokens');
    expect(t('admin.loading')).toBe('Loading…');
  });

  it('call a plural message by its stem, with its count', () => {
    // @ts-expect-error -- without a count i18next finds no plural form and shows the key
    expect(t('search.resultCount')).toBe('search.resultCount');
    // @ts-expect-error -- a plural form is chosen by the count, never named
    expect(t('search.resultCount_one', { count: 1 })).toBe('1 pack found');
    expect(t('search.resultCount', { count: 2 })).toBe('2 packs found');
    const plural: PluralKey = 'search.resultCount';
    const key: MessageKey = plural;
    expect(key).toBe(plural);
  });

  it('type a key built from an enum as the keys it can be', () => {
    const severities = ['critical', 'high', 'medium', 'low'] as const;
    expect(severities.map((severity) => t(`findings.severity.${severity}`))).not.toContain('findings.severity.low');
    const tones = ['critical', 'severe'] as const;
    // @ts-expect-error -- findings.severity.severe does not exist
    expect(tones.map((tone) => t(`findings.severity.${tone}`))).toContain('findings.severity.severe');
  });

  it('derive from every feature folder of the English messages', () => {
    const source = readFileSync(new URL('./message-keys.ts', import.meta.url), 'utf8');
    const folders = readdirSync(new URL('./locales/', import.meta.url), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    const missing = folders.filter((folder) => !source.includes(`'./locales/${folder}/en.json'`));
    expect(missing).toEqual([]);
  });
});
