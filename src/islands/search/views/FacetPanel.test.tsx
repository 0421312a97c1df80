import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createTranslator } from '../../../i18n/translator.ts';
import { EMPTY_STATE } from '../../../lib/search/url-state.ts';
import search from '../../../i18n/locales/search/en.json' with { type: 'json' };
import discovery from '../../../i18n/locales/discovery/en.json' with { type: 'json' };
import { FacetPanel } from './FacetPanel.tsx';

const t = createTranslator('en', { ...search, ...discovery });
const NONE_UNDECLARED = { os: 0, accelerators: 0, tags: 0 };

const render = (facets: Parameters<typeof FacetPanel>[0]['facets'], state = { ...EMPTY_STATE, q: 'x' }) =>
  renderToStaticMarkup(<FacetPanel lang="en" t={t} state={state} facets={facets} />);

describe('FacetPanel', () => {
  it('lists facet values with their counts', () => {
    const html = render({ os: {}, accelerators: { 'NVIDIA CUDA': 3 }, tags: { mask: 2 }, undeclared: NONE_UNDECLARED });
    expect(html).toContain('data-facet="tags"');
    expect(html).toContain('mask');
    expect(html).not.toContain('data-testid="search-no-facets"');
  });

  it('says so when the results offer nothing to filter by, instead of an empty panel', () => {
    const html = render({ os: {}, accelerators: {}, tags: {}, undeclared: NONE_UNDECLARED });
    expect(html).toContain('data-testid="search-no-facets"');
    expect(html).toContain('None of these packs declares a platform or tags to filter by.');
  });

  it('says how many matches declare no value of a facet, since those are in none of its counts', () => {
    const html = render({
      os: { 'POSIX :: Linux': 5 },
      accelerators: {},
      tags: { mask: 1 },
      undeclared: { os: 5896, accelerators: 5901, tags: 0 },
    });
    expect(html).toContain('data-undeclared="os"');
    expect(html).toContain('5,896 packs here declare no operating system, so they are in none of these counts.');
    expect(html).toContain('aria-describedby="search-facet-os-undeclared"');
    // No note for a facet every match declares, nor for a group that lists no value at all.
    expect(html).not.toContain('data-undeclared="tags"');
    expect(html).not.toContain('data-undeclared="accelerator"');
  });

  it('keeps a ticked value (and the way to clear it) even when nothing matches it now', () => {
    const html = render(
      { os: {}, accelerators: {}, tags: {}, undeclared: NONE_UNDECLARED },
      { ...EMPTY_STATE, q: 'x', tags: ['gone'] },
    );
    expect(html).toContain('gone');
    expect(html).not.toContain('data-testid="search-no-facets"');
  });
});
