// The translation keys, derived by the type checker from the English files (the source of truth
// for every language's shape, tested in locale-files.test.ts), so a misspelt key fails
// `npm run typecheck` instead of rendering the raw key. Types only: nothing here reaches a bundle.
//
// Every feature folder of src/i18n/locales must be listed below (message-keys.test.ts checks it);
// messages.ts loads them all at run time with a glob, which the type checker cannot follow.
type English = typeof import('./locales/en.json') &
  typeof import('./locales/account-security/en.json') &
  typeof import('./locales/account/en.json') &
  typeof import('./locales/admin-yank/en.json') &
  typeof import('./locales/admin/en.json') &
  typeof import('./locales/advisories/en.json') &
  typeof import('./locales/auth/en.json') &
  typeof import('./locales/bans/en.json') &
  typeof import('./locales/ci/en.json') &
  typeof import('./locales/collisions/en.json') &
  typeof import('./locales/dashboard/en.json') &
  typeof import('./locales/discovery/en.json') &
  typeof import('./locales/errors/en.json') &
  typeof import('./locales/findings/en.json') &
  typeof import('./locales/moderation-polish/en.json') &
  typeof import('./locales/node-page-polish/en.json') &
  typeof import('./locales/node-page/en.json') &
  typeof import('./locales/phone-layout/en.json') &
  typeof import('./locales/provenance/en.json') &
  typeof import('./locales/publish-guide/en.json') &
  typeof import('./locales/publisher-page/en.json') &
  typeof import('./locales/quarantine/en.json') &
  typeof import('./locales/releases/en.json') &
  typeof import('./locales/reports/en.json') &
  typeof import('./locales/resolve/en.json') &
  typeof import('./locales/search/en.json') &
  typeof import('./locales/trusted-publishing/en.json') &
  typeof import('./locales/verify-email/en.json') &
  typeof import('./locales/version-changes/en.json') &
  typeof import('./locales/webhooks/en.json') &
  typeof import('./locales/yank/en.json');

/** A top-level section of the messages (what `islandMessages` hands an island). */
export type MessageSection = keyof English & string;

/** Every dotted path to a string in a message tree. */
type Leaves<Tree, Prefix extends string = ''> = {
  [Key in keyof Tree & string]: Tree[Key] extends string ? `${Prefix}${Key}` : Leaves<Tree[Key], `${Prefix}${Key}.`>;
}[keyof Tree & string];

type PluralSuffix = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
type AllLeaves = Leaves<English>;

/** A message chosen by a count (`key_one`, `key_other`, …): called by its stem, with `{ count }`. */
export type PluralKey = AllLeaves extends infer Leaf
  ? Leaf extends `${infer Stem}_${PluralSuffix}`
    ? Stem
    : never
  : never;

/**
 * Keys built from a code the server sends as a free string, which this build may not know yet (a newer
 * scanner rule, a new event type or status): allowed by their family's pattern only. Their callers
 * pass the code as `defaultValue` or probe the key first (`ruleKeys`), so an unknown code shows the
 * code or the server's English text, never a raw key.
 */
export type OpenKey =
  | `apiErrors.codes.${string}`
  | `apiErrors.fields.${string}`
  | `findings.rules.${string}.${'title' | 'explanation'}`
  | `account.events.types.${string}`
  | `admin.severity.${string}`
  | `admin.status.${string}`;

/** A message shown without a count. */
export type PlainKey = Exclude<AllLeaves, `${string}_${PluralSuffix}`> | OpenKey;

/** Any message a `t()` can show: a plain leaf, or a plural one by its stem. */
export type MessageKey = PlainKey | PluralKey;
