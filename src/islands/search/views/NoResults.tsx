import type { Locale } from '../../../i18n/locales.ts';
import type { TFunction } from '../../../i18n/translator.ts';
import { localizedPath } from '../../../lib/locale-path.ts';
import { searchHref } from '../../../lib/search/links.ts';
import type { CardNode, SearchSuggestion } from '../../../lib/search/types.ts';
import { hasFilters, withoutFilters, withQuery, type SearchState } from '../../../lib/search/url-state.ts';
import { NodeList } from './NodeList.tsx';

/** Nothing matched: say so, offer did-you-mean completions, a way out of the filters, and popular packs. */
export function NoResults({
  lang,
  t,
  state,
  didYouMean,
  popular,
}: {
  lang: Locale;
  t: TFunction;
  state: SearchState;
  didYouMean: SearchSuggestion[];
  popular: CardNode[];
}) {
  const query = state.q.trim();
  const suggestionHref = (s: SearchSuggestion) =>
    s.kind === 'node' && s.nodeId
      ? localizedPath(lang, `/nodes/${encodeURIComponent(s.nodeId)}`)
      : searchHref(lang, withQuery(state, s.text));
  return (
    <div
      className="rounded-xl border border-dashed border-slate-300 p-6 dark:border-slate-700"
      data-testid="search-no-results"
    >
      <p className="text-lg font-medium">{query ? t('search.noResults', { query }) : t('search.noResultsFiltered')}</p>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('search.noResultsHint')}</p>
      {didYouMean.length > 0 && (
        <p className="mt-4 text-sm" data-testid="search-did-you-mean">
          <span>{t('search.didYouMean')}</span>{' '}
          {didYouMean.map((s, index) => (
            <span key={`${s.kind}:${s.text}`}>
              {index > 0 && ', '}
              <a href={suggestionHref(s)} className="font-medium text-brand-700 underline dark:text-brand-100">
                {s.text}
              </a>
            </span>
          ))}
        </p>
      )}
      {hasFilters(state) && (
        <p className="mt-3 text-sm">
          <a href={searchHref(lang, withoutFilters(state))} className="text-brand-700 underline dark:text-brand-100">
            {t('search.clearFilters')}
          </a>
        </p>
      )}
      {popular.length > 0 && (
        <section aria-labelledby="no-results-popular" className="mt-6">
          <h3 id="no-results-popular" className="mb-3 text-base font-semibold">
            {t('search.popular')}
          </h3>
          <NodeList lang={lang} t={t} nodes={popular.slice(0, 4)} headingLevel={4} />
        </section>
      )}
    </div>
  );
}
