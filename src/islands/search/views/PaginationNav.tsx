import type { Locale } from '../../../i18n/locales.ts';
import type { TFunction } from '../../../i18n/translator.ts';
import { formatNumber } from '../../../lib/format/format.ts';
import { searchHref } from '../../../lib/search/links.ts';
import { pageItems } from '../../../lib/search/pagination.ts';
import { withPage, type SearchState } from '../../../lib/search/url-state.ts';

const itemClass =
  'inline-flex h-9 min-w-9 items-center justify-center rounded-lg border px-3 text-sm border-slate-200 hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800';

/** Plain links to each page (no JavaScript needed); the current page is marked with aria-current. */
export function PaginationNav({
  lang,
  t,
  state,
  totalPages,
}: {
  lang: Locale;
  t: TFunction;
  state: SearchState;
  totalPages: number;
}) {
  const items = pageItems(state.page, totalPages);
  if (items.length === 0) return null;
  const href = (page: number) => searchHref(lang, withPage(state, page));
  return (
    <nav aria-label={t('search.paginationLabel')} className="mt-8" data-testid="search-pagination">
      <ul className="flex flex-wrap items-center justify-center gap-1.5">
        {state.page > 1 && (
          <li>
            <a href={href(state.page - 1)} rel="prev" className={itemClass}>
              <span aria-hidden="true" className="rtl:rotate-180">
                ‹
              </span>
              <span className="ms-1">{t('search.previous')}</span>
            </a>
          </li>
        )}
        {items.map((item) =>
          item.kind === 'gap' ? (
            <li key={item.key} aria-hidden="true" className="px-1 text-slate-500">
              …
            </li>
          ) : (
            <li key={item.page}>
              <a
                href={href(item.page)}
                aria-current={item.page === state.page ? 'page' : undefined}
                aria-label={t('search.pageLabel', { page: item.page })}
                className={`${itemClass} aria-[current=page]:border-brand-600 aria-[current=page]:bg-brand-600 aria-[current=page]:text-white`}
              >
                {formatNumber(item.page, lang)}
              </a>
            </li>
          ),
        )}
        {state.page < totalPages && (
          <li>
            <a href={href(state.page + 1)} rel="next" className={itemClass}>
              <span className="me-1">{t('search.next')}</span>
              <span aria-hidden="true" className="rtl:rotate-180">
                ›
              </span>
            </a>
          </li>
        )}
      </ul>
    </nav>
  );
}
