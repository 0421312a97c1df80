import type { Locale } from '../../../i18n/locales.ts';
import type { TFunction } from '../../../i18n/translator.ts';
import type { SearchResponse, SearchSuggestion } from '../../../lib/search/types.ts';
import { isHomeView, type SearchState, type Sort } from '../../../lib/search/url-state.ts';
import { FacetPanel } from './FacetPanel.tsx';
import { FilterDisclosure } from './FilterDisclosure.tsx';
import { HomeSections, type HomeData } from './HomeSections.tsx';
import { NodeList } from './NodeList.tsx';
import { NoResults } from './NoResults.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { formatNumber } from '../../../lib/format/format.ts';
import { searchHref } from '../../../lib/search/links.ts';
import { withPage } from '../../../lib/search/url-state.ts';
import { SortControl } from './SortControl.tsx';
import { CoreClassNotice } from './CoreClassNotice.tsx';
import { PastLastPage } from './PastLastPage.tsx';
import { button } from '../../ui/styles.ts';

export interface ResultsViewProps {
  lang: Locale;
  t: TFunction;
  state: SearchState;
  /** The response for `state` (possibly a stale one while the next loads). */
  data: SearchResponse | undefined;
  /** Facet counts for the home view (every visible node). */
  homeFacets: SearchResponse['facets'] | undefined;
  home: HomeData;
  didYouMean: SearchSuggestion[];
  loading: boolean;
  error: boolean;
  hydrated: boolean;
  formId: string;
  onSort?: (sort: Sort) => void;
  onRetry?: () => void;
}

/** Everything below the search box: filters, then the home view, the results or the empty state. */
export function ResultsView(props: ResultsViewProps) {
  const { lang, t, state, data, home, loading, error } = props;
  const homeView = isHomeView(state);
  return (
    <div className="mt-8 grid gap-8 lg:grid-cols-[15rem_minmax(0,1fr)]">
      <FilterDisclosure t={t} state={state}>
        <FacetPanel lang={lang} t={t} state={state} facets={homeView ? props.homeFacets : data?.facets} />
      </FilterDisclosure>
      <div aria-busy={loading} className={loading ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
        {homeView ? (
          <HomeSections lang={lang} t={t} home={home} />
        ) : (
          <section aria-labelledby="search-results-heading">
            <h2 id="search-results-heading" tabIndex={-1} className="sr-only">
              {t('search.resultsHeading')}
            </h2>
            <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
              <p role="status" className="text-sm text-slate-700 dark:text-slate-300" data-testid="search-count">
                {error
                  ? t('search.error')
                  : loading && !data
                    ? t('search.loading')
                    : t('search.resultCount', { count: data?.total ?? 0 })}
              </p>
              <SortControl
                t={t}
                sort={state.sort}
                formId={props.formId}
                hydrated={props.hydrated}
                onSort={props.onSort}
              />
            </div>
            {error && props.onRetry && (
              <button type="button" onClick={props.onRetry} className={`${button.secondary} mb-4`}>
                {t('search.retry')}
              </button>
            )}
            {data?.core_class && !error && <CoreClassNotice t={t} name={data.core_class} />}
            {data && data.total === 0 && !error ? (
              <NoResults lang={lang} t={t} state={state} didYouMean={props.didYouMean} popular={home.popular} />
            ) : data && !error && data.nodes.length === 0 && state.page > data.totalPages ? (
              <PastLastPage lang={lang} t={t} state={state} lastPage={data.totalPages} />
            ) : (
              data && (
                <>
                  <NodeList lang={lang} t={t} nodes={data.nodes} highlights={data.highlights} testId="search-results" />
                  <div className="mt-8">
                    <Pagination
                      label={t('search.paginationLabel')}
                      page={state.page}
                      totalPages={data.totalPages}
                      previousLabel={t('search.previous')}
                      nextLabel={t('search.next')}
                      hrefFor={(page) => searchHref(lang, withPage(state, page))}
                      numbered={{
                        pageLabel: (page) => t('search.pageLabel', { page }),
                        format: (page) => formatNumber(page, lang),
                      }}
                      testId="search-pagination"
                    />
                  </div>
                </>
              )
            )}
          </section>
        )}
      </div>
    </div>
  );
}
