import i18next from 'i18next';
import { formatNumber } from '../lib/format/format.ts';
import type { MessageKey, PlainKey, PluralKey } from './message-keys.ts';

export type MessageTree = { [key: string]: string | MessageTree };

/**
 * Values for a message's `{{placeholders}}`. `count` chooses the plural form (`key_one`,
 * `key_few`, … by the language's `Intl.PluralRules`), so it must be the number itself, never a
 * formatted string; every number is formatted in the page's language when it is interpolated.
 */
export type TValues = { count?: number } & Record<string, string | number>;

/**
 * The `t()` pages and islands call: only keys of the English files (message-keys.ts), so a misspelt
 * or removed key fails the type check instead of showing the raw key. A plural message is called by
 * its stem and needs its `count` (without one i18next finds no form and shows the key).
 */
export interface TFunction {
  (key: PlainKey, values?: TValues): string;
  (key: PluralKey, values: TValues & { count: number }): string;
  /** A key chosen at run time among plain and plural ones (`t(done ? 'a' : 'b', { count })`). */
  (key: MessageKey, values: TValues & { count: number }): string;
}

/** What the translator itself accepts: any dotted path (tests and tools feed it trees of their own). */
export type AnyKeyT = (key: string, values?: TValues) => string;

/**
 * i18next's formatter slot, filled with ours: numbers get the language's digits and separators
 * (the shared formatter of src/lib/format), everything else is inserted as it is.
 */
const numberFormatter = {
  type: 'formatter',
  init() {},
  add() {},
  addCached() {},
  format: (value: unknown, _format: string | undefined, lng: string | undefined) =>
    typeof value === 'number' && lng ? formatNumber(value, lng) : value,
} as const;

/** Keys asked without values that one translator remembers (more than any page asks). */
const MAX_REMEMBERED = 5000;

/** Where a language's missing key is looked up on the server (islands get complete slices). */
const FALLBACK_LANGUAGE = 'en';

/**
 * A `t()` for one language, backed by its own i18next instance (so languages never leak between
 * requests or islands): the key's text in `messages`, else in `fallback` (English on the server),
 * else the key itself. Plural forms follow i18next's `_zero/_one/_two/_few/_many/_other` suffixes;
 * numbers go through the shared formatter ("1 234" in French); a placeholder without a value
 * stays visible as `{{name}}`. Values are inserted as they are: the renderer (Astro or React) escapes.
 */
export function createTranslator(lang: string, messages: MessageTree, fallback?: MessageTree): AnyKeyT {
  // i18next is set up on the first key that needs it (values to insert or count, or a key the
  // language's own tree does not hold as finished text): an island whose texts are all plain never
  // pays for an instance (≈ a third of the translator's CPU on a page load, several islands a page).
  let instance: I18n | null = null;
  const i18n = () => (instance ??= createI18next(lang, messages, fallback));
  // The instance never changes, so a key asked without values always reads the same: looked up once
  // (a server page asks hundreds, each an i18next resolution with fallbacks, about a tenth of a
  // cold render's CPU). Bounded, as a key built from a request's input could otherwise grow it.
  const plain = new Map<string, string>();
  return (key, values) => {
    if (!values) {
      const known = plain.get(key);
      if (known !== undefined) return known;
    }
    const direct = values ? undefined : finishedText(messages, key);
    const text: unknown = direct ?? (values ? i18n().t(key, values) : i18n().t(key));
    // A key naming a section (an object) is not a message.
    const message = typeof text === 'string' ? text : key;
    if (!values && plain.size < MAX_REMEMBERED) plain.set(key, message);
    return message;
  };
}

type I18n = ReturnType<typeof i18next.createInstance>;

function createI18next(lang: string, messages: MessageTree, fallback: MessageTree | undefined): I18n {
  const instance = i18next.createInstance().use(numberFormatter);
  const resources: Record<string, { translation: MessageTree }> = { [lang]: { translation: messages } };
  if (fallback && lang !== FALLBACK_LANGUAGE) resources[FALLBACK_LANGUAGE] = { translation: fallback };
  // Resources are inline, so initialisation is synchronous and t() works at once.
  void instance.init({
    lng: lang,
    fallbackLng: fallback ? FALLBACK_LANGUAGE : false,
    resources,
    initAsync: false,
    // Keys are dotted paths only; a ':' in one is not a namespace.
    nsSeparator: false,
    returnObjects: false,
    // Every value goes through the formatter (not only `{{x, format}}` ones).
    interpolation: { escapeValue: false, alwaysFormat: true },
    missingInterpolationHandler: (_text: string, match: RegExpExecArray) => match[0],
  });
  return instance;
}

/**
 * The text at a dotted key when it is finished as it stands — what i18next would answer for it without
 * values: no placeholder to keep and no nested `$t(…)` to resolve. Else undefined (i18next decides).
 */
function finishedText(messages: MessageTree, key: string): string | undefined {
  let node: string | MessageTree | undefined = messages;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || !Object.hasOwn(node, part)) return undefined;
    node = node[part];
  }
  return typeof node === 'string' && !node.includes('{{') && !node.includes('$t(') ? node : undefined;
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
