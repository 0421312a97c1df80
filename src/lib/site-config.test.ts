import { describe, expect, it } from 'vitest';
import { DOCS_URL_DEFAULT, DOCS_URL_ZH, docsUrlFor } from './site-config.ts';

describe('docsUrlFor', () => {
  it('sends every zh locale to the Chinese docs', () => {
    expect(docsUrlFor('zh')).toBe(DOCS_URL_ZH);
    expect(docsUrlFor('zh-TW')).toBe(DOCS_URL_ZH);
  });
  it('sends every other locale to the registry overview', () => {
    for (const locale of ['en', 'ja', 'ar', 'fr']) expect(docsUrlFor(locale)).toBe(DOCS_URL_DEFAULT);
  });
});
