import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.ts';
import type { MessageTree } from './translator.ts';

// Russian calls a node «узел» everywhere (as ComfyUI's own Russian interface does); the slang «нода»
// crept into some pages, so one screen said «узлы» and the next «ноды» for the same thing.

function texts(tree: MessageTree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : texts(value, `${prefix}${key}.`),
  );
}

describe('Russian terminology', () => {
  it('says «узел», never «нода», in every message', () => {
    const slang = /(?<!\p{L})нод\p{L}*/iu;
    const offenders = texts(MESSAGES.ru)
      .filter(([, text]) => slang.test(text))
      .map(([key, text]) => `${key}: ${text}`);
    expect(offenders).toEqual([]);
  });
});
