import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { createTranslator, pickSections, type MessageTree } from './translator.ts';
import { MESSAGES } from './messages.ts';

const en = { nav: { home: 'Home', greet: 'Hello, {{name}}! Page {{page}}.' }, flat: 'Flat' };
const fr = { nav: { home: 'Accueil' } };
// U+202F (narrow no-break space) is how French groups thousands.
const NNBSP = '\u202f';

describe('createTranslator', () => {
  it('finds dotted keys, then the fallback, then answers the key itself', () => {
    const t = createTranslator('fr', fr, en);
    expect(t('nav.home')).toBe('Accueil');
    expect(t('flat')).toBe('Flat');
    expect(t('nav.missing')).toBe('nav.missing');
    // A key naming a section (not a string) is not a message either.
    expect(t('nav')).toBe('nav');
    expect(t('nav.home.deeper')).toBe('nav.home.deeper');
  });

  it('fills placeholders, formatting numbers in the language', () => {
    expect(createTranslator('en', en)('nav.greet', { name: 'Ada', page: 12345 })).toBe('Hello, Ada! Page 12,345.');
    expect(createTranslator('fr', en)('nav.greet', { name: 'Ada', page: 12345 })).toBe(
      `Hello, Ada! Page 12${NNBSP}345.`,
    );
  });

  it('keeps a placeholder without a value visible, and inserts values literally (the renderer escapes)', () => {
    const t = createTranslator('en', { a: '{{a}} and {{ b }}', v: 'x {{v}} y' });
    expect(t('a', { b: 'B' })).toBe('{{a}} and B');
    expect(t('v', { v: '$& <b>' })).toBe('x $& <b> y');
  });

  it('answers a key asked again, with or without values, as it did the first time', () => {
    const t = createTranslator('fr', fr, en);
    expect([t('nav.home'), t('nav.home'), t('nav.missing'), t('nav.missing')]).toEqual([
      'Accueil',
      'Accueil',
      'nav.missing',
      'nav.missing',
    ]);
    // A key read once without values still fills them when they come.
    expect(t('nav.greet')).toBe('Hello, {{name}}! Page {{page}}.');
    expect(t('nav.greet', { name: 'Ada', page: 2 })).toBe('Hello, Ada! Page 2.');
    expect(t('nav.greet')).toBe('Hello, {{name}}! Page {{page}}.');
  });
});

describe('texts answered without i18next', () => {
  /** Every dotted key of a tree that holds text. */
  const leafKeys = (tree: MessageTree, prefix = ''): string[] =>
    Object.entries(tree).flatMap(([name, value]) =>
      typeof value === 'string' ? [`${prefix}${name}`] : leafKeys(value, `${prefix}${name}.`),
    );

  it('answer every key of every language exactly as i18next itself does', () => {
    for (const [lang, messages] of Object.entries(MESSAGES)) {
      const t = createTranslator(lang, messages);
      const reference = i18next.createInstance();
      void reference.init({
        lng: lang,
        resources: { [lang]: { translation: messages } },
        initAsync: false,
        nsSeparator: false,
        returnObjects: false,
        interpolation: { escapeValue: false },
      });
      const keys = leafKeys(messages);
      expect(keys.length).toBeGreaterThan(1000);
      for (const key of keys) expect(t(key), `${lang} ${key}`).toBe(reference.t(key));
    }
  });

  it('leave placeholders and nested keys to i18next', () => {
    const t = createTranslator('en', { a: 'Hi {{name}}', b: 'See $t(c)', c: 'C', plain: 'Plain' });
    expect(t('a')).toBe('Hi {{name}}');
    expect(t('b')).toBe('See C');
    expect(t('plain')).toBe('Plain');
  });
});

describe('plurals', () => {
  it('English: one and other, with grouped numbers', () => {
    const t = createTranslator('en', MESSAGES.en);
    expect(t('search.resultCount', { count: 1 })).toBe('1 pack found');
    expect(t('search.resultCount', { count: 1234 })).toBe('1,234 packs found');
    expect(t('admin.review.done.approve', { count: 1 })).toBe('Approved 1 version.');
    expect(t('admin.review.done.approve', { count: 3 })).toBe('Approved 3 versions.');
  });

  it('French: 0 and 1 are singular, thousands grouped with a narrow space, millions take "de"', () => {
    const t = createTranslator('fr', MESSAGES.fr, MESSAGES.en);
    expect(t('publisherPage.nodeCount', { count: 0 })).toBe('0 pack');
    expect(t('publisherPage.nodeCount', { count: 1234 })).toBe(`1${NNBSP}234 packs`);
    expect(t('publisherPage.nodeCount', { count: 1_000_000 })).toBe(`1${NNBSP}000${NNBSP}000 de packs`);
  });

  it('Russian: one, few and many by the last digits', () => {
    const t = createTranslator('ru', MESSAGES.ru, MESSAGES.en);
    expect(t('publisherPage.nodeCount', { count: 1 })).toBe('1 пакет');
    expect(t('publisherPage.nodeCount', { count: 21 })).toBe('21 пакет');
    expect(t('publisherPage.nodeCount', { count: 3 })).toBe('3 пакета');
    expect(t('publisherPage.nodeCount', { count: 5 })).toBe('5 пакетов');
    expect(t('publisherPage.nodeCount', { count: 11 })).toBe('11 пакетов');
  });

  it('Arabic: all six forms', () => {
    const t = createTranslator('ar', MESSAGES.ar, MESSAGES.en);
    const forms = [0, 1, 2, 3, 11, 100].map((count) => t('publisherPage.members', { count }));
    expect(forms[0]).toBe('لا أعضاء');
    expect(forms[1]).toBe('عضو واحد');
    expect(forms[2]).toBe('عضوان');
    expect(forms[3]).toMatch(/^\S+ أعضاء$/);
    expect(forms[4]).toMatch(/^\S+ عضوًا$/);
    expect(forms[5]).toMatch(/^\S+ عضو$/);
    // The number itself is written the way Arabic formatting writes it, whatever digits that is.
    expect(forms[4]).toContain(new Intl.NumberFormat('ar').format(11));
  });

  it('Japanese: one form for every count', () => {
    const t = createTranslator('ja', MESSAGES.ja, MESSAGES.en);
    expect(t('search.resultCount', { count: 1 })).toBe('1 個のパックが見つかりました');
    expect(t('search.resultCount', { count: 2000 })).toBe('2,000 個のパックが見つかりました');
  });
});

describe('pickSections', () => {
  it('keeps only the named top-level sections', () => {
    expect(pickSections(en, ['nav', 'absent'])).toEqual({ nav: en.nav });
  });
});
