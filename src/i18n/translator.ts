export type MessageTree = { [key: string]: string | MessageTree };
export type TFunction = (key: string, values?: Record<string, string | number>) => string;

// A deliberately small translator instead of i18next: the messages only use dotted keys and
// `{{name}}` placeholders (no plurals, nesting or formatters; `locale-files.test.ts` keeps every
// language's keys and placeholders identical), and i18next cost every page ~16 KB of gzipped
// JavaScript for features nobody used.

function lookUp(messages: MessageTree, key: string): string | undefined {
  let node: string | MessageTree | undefined = messages;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

/** Fills `{{name}}` placeholders; one without a value stays as it is, so a missing value is visible. */
export function interpolate(text: string, values: Record<string, string | number> | undefined): string {
  if (!values) return text;
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const value = values[name];
    return value === undefined ? whole : String(value);
  });
}

/**
 * A `t()` for one language: the key's text in `messages`, else in `fallback` (English on the
 * server), else the key itself. Used once per language on the server and once per island in the
 * browser, so languages never leak between requests.
 */
export function createTranslator(messages: MessageTree, fallback: MessageTree = messages): TFunction {
  return (key, values) => interpolate(lookUp(messages, key) ?? lookUp(fallback, key) ?? key, values);
}

/** Picks the given top-level sections of a message tree (what an island needs, nothing more). */
export function pickSections(messages: MessageTree, sections: readonly string[]): MessageTree {
  const picked: MessageTree = {};
  for (const section of sections) {
    const value = messages[section];
    if (value !== undefined) picked[section] = value;
  }
  return picked;
}
