import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createTranslator } from '../../../i18n/translator.ts';
import { EMPTY_STATE } from '../../../lib/search/url-state.ts';
import search from '../../../i18n/locales/search/en.json' with { type: 'json' };
import { FacetPanel } from './FacetPanel.tsx';

const t = createTranslator('en', search);
const render = (facets: Parameters<typeof FacetPanel>[0]['facets'], state = { ...EMPTY_STATE, q: 'x' }) =>
  renderToStaticMarkup(<FacetPanel lang="en" t={t} state={state} facets={facets} />);

describe('FacetPanel', () => {
  it('lists facet values with their counts', () => {
    const html = render({ os: {}, accelerators: { 'NVIDIA CUDA': 3 }, tags: { mask: 2 } });
    expect(html).toContain('data-facet="tags"');
    expect(html).toContain('mask');
    expect(html).not.toContain('data-testid="search-no-facets"');
  });

  it('says so when the results offer nothing to filter by, instead of an empty panel', () => {
    const html = render({ os: {}, accelerators: {}, tags: {} });
    expect(html).toContain('data-testid="search-no-facets"');
    expect(html).toContain('None of these packs declares a platform or tags to filter by.');
  });

  it('keeps a ticked value (and the way to clear it) even when nothing matches it now', () => {
    const html = render({ os: {}, accelerators: {}, tags: {} }, { ...EMPTY_STATE, q: 'x', tags: ['gone'] });
    expect(html).toContain('gone');
    expect(html).not.toContain('data-testid="search-no-facets"');
  });
});
