import { describe, expect, it } from 'vitest';
import { createTranslator, interpolate, pickSections } from './translator.ts';

const en = { nav: { home: 'Home', greet: 'Hello, {{name}}! You have {{count}} packs.' }, flat: 'Flat' };
const fr = { nav: { home: 'Accueil' } };

describe('createTranslator', () => {
  it('finds dotted keys, then the fallback, then answers the key itself', () => {
    const t = createTranslator(fr, en);
    expect(t('nav.home')).toBe('Accueil');
    expect(t('flat')).toBe('Flat');
    expect(t('nav.missing')).toBe('nav.missing');
    // A key naming a section (not a string) is not a message either.
    expect(t('nav')).toBe('nav');
    expect(t('nav.home.deeper')).toBe('nav.home.deeper');
  });

  it('fills placeholders with strings and numbers', () => {
    const t = createTranslator(en);
    expect(t('nav.greet', { name: 'Ada', count: 3 })).toBe('Hello, Ada! You have 3 packs.');
    expect(t('nav.greet', { name: 'Ada', count: 0 })).toBe('Hello, Ada! You have 0 packs.');
  });
});

describe('interpolate', () => {
  it('keeps a placeholder without a value visible, and allows spaces inside the braces', () => {
    expect(interpolate('{{a}} and {{ b }}', { b: 'B' })).toBe('{{a}} and B');
    expect(interpolate('{{a}}', undefined)).toBe('{{a}}');
  });

  it('inserts values literally (no replacement patterns, no HTML escaping: the renderer escapes)', () => {
    expect(interpolate('x {{v}} y', { v: '$& <b>' })).toBe('x $& <b> y');
  });
});

describe('pickSections', () => {
  it('keeps only the named top-level sections', () => {
    expect(pickSections(en, ['nav', 'absent'])).toEqual({ nav: en.nav });
  });
});
