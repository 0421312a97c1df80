import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../i18n/locales.ts';
import { MESSAGES } from '../../../i18n/messages.ts';
import type { MessageTree } from '../../../i18n/translator.ts';
import { RULES } from './rules.ts';

// Publishers read findings by rule id in their own language (the dashboard never shows the
// server's English message for a known rule). A rule added here without its title and plain
// explanation in every locale fails this test.

const ruleIds = Object.values(RULES).map((rule) => rule.id);

function lookup(tree: MessageTree, path: string[]): unknown {
  return path.reduce<unknown>(
    (node, key) => (node && typeof node === 'object' ? (node as MessageTree)[key] : undefined),
    tree,
  );
}

describe.each(LOCALES)('scanner rules in %s', (locale) => {
  it.each(ruleIds)('%s has a translated title and explanation', (id) => {
    for (const field of ['title', 'explanation']) {
      const text = lookup(MESSAGES[locale], ['findings', 'rules', id, field]);
      expect(typeof text === 'string' && text.trim().length > 0, `${locale}: findings.rules.${id}.${field}`).toBe(true);
    }
  });

  it('has no rule the scanner does not have', () => {
    const rules = lookup(MESSAGES[locale], ['findings', 'rules']) as MessageTree;
    expect(Object.keys(rules).sort()).toEqual([...ruleIds].sort());
  });

  it('does not leave an explanation in English (other than in English)', () => {
    if (locale === 'en') return;
    for (const id of ruleIds) {
      const own = lookup(MESSAGES[locale], ['findings', 'rules', id, 'explanation']);
      expect(own, `${locale}: ${id}`).not.toBe(lookup(MESSAGES.en, ['findings', 'rules', id, 'explanation']));
    }
  });
});
