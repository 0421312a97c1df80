import type { Locale } from '../../../i18n/locales.ts';
import type { TFunction } from '../../../i18n/translator.ts';
import { searchHref } from '../../../lib/search/links.ts';
import { withPage, type SearchState } from '../../../lib/search/url-state.ts';

/** A page number past the end (an old link, a hand-edited URL): say so and link to the last page. */
export function PastLastPage({
  lang,
  t,
  state,
  lastPage,
}: {
  lang: Locale;
  t: TFunction;
  state: SearchState;
  lastPage: number;
}) {
  return (
    <div
      className="rounded-xl border border-dashed border-slate-300 p-6 dark:border-slate-700"
      data-testid="search-past-last-page"
    >
      <p className="text-lg font-medium">{t('searchNotices.pastLastPage', { page: state.page, last: lastPage })}</p>
      <p className="mt-3">
        <a
          href={searchHref(lang, withPage(state, lastPage))}
          className="font-medium text-brand-700 underline dark:text-brand-100"
          data-testid="search-last-page-link"
        >
          {t('searchNotices.lastPageLink', { last: lastPage })}
        </a>
      </p>
    </div>
  );
}
