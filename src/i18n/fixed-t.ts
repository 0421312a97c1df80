import { useMemo } from 'react';
import type { AnyKeyT, MessageTree, TFunction, TValues } from './translator.ts';

// Islands on public pages whose texts never count anything (theme toggle, language switcher, user
// menu, copy button) do not need a translator in the browser: the server already picked their
// language's messages (i18next, `islandMessages`), and nothing in them varies with a number. Reading
// those texts by key keeps i18next (~14 KB gzip) off the pages that have no counting island, which
// is what keeps the node and publisher pages in their budget. An island that shows a count uses
// `useIslandT` (i18next, plural rules, number formatting) instead; this one refuses numbers loudly.

function lookUp(messages: MessageTree, key: string): string | undefined {
  let node: string | MessageTree | undefined = messages;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** A `t()` over server-picked messages: the key's text with its `{{name}}` filled by strings. */
export function createFixedT(messages: MessageTree): AnyKeyT {
  return (key: string, values?: TValues) => {
    const text = lookUp(messages, key) ?? key;
    if (!values) return text;
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => {
      const value = values[name];
      if (typeof value === 'number') {
        throw new Error(`"${key}" got a number (${name}): an island with counts or numbers must use useIslandT`);
      }
      return value ?? whole;
    });
  };
}

/** `createFixedT` for an island's props, built once per message slice. */
export function useFixedT(messages: MessageTree): TFunction {
  return useMemo(() => createFixedT(messages), [messages]);
}
