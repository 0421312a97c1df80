import { useEffect, useRef, type ReactNode } from 'react';
import type { TFunction } from '../../../i18n/translator.ts';
import { FACET_KEYS, type SearchState } from '../../../lib/search/url-state.ts';

/** From here up the filters are a sidebar beside the results (Tailwind's `lg`), always shown. */
const SIDEBAR_QUERY = '(min-width: 64rem)';

interface Props {
  t: TFunction;
  /** Its ticked values are counted on the button. */
  state: SearchState;
  /** The filters (FacetPanel). */
  children: ReactNode;
}

/**
 * On a phone the filters come before the results, folded behind one button so the results stay in
 * view (below them, nobody found the filters). A native <details>: it opens from the keyboard and
 * without JavaScript. From `lg` up its button is hidden and its content always shown.
 */
export function FilterDisclosure({ t, state, children }: Props) {
  const selected = FACET_KEYS.reduce((sum, key) => sum + state[key].length, 0);
  const details = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    // A browser without ::details-content keeps a closed <details> shut whatever the CSS says: open
    // it where the sidebar has no button to do so.
    const element = details.current;
    if (element && !CSS.supports('selector(::details-content)') && matchMedia(SIDEBAR_QUERY).matches) {
      element.open = true;
    }
  }, []);
  return (
    <details ref={details} className="group/filters lg:details-content:[content-visibility:visible]">
      <summary
        className="flex cursor-pointer list-none items-center gap-3 rounded-lg border border-slate-300 px-3 py-2 text-base font-semibold hover:bg-slate-50 lg:hidden dark:border-slate-600 dark:hover:bg-slate-800 [&::-webkit-details-marker]:hidden"
        data-testid="search-filters-toggle"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-4 w-4 shrink-0"
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
        >
          <path d="M3 5h18M6 12h12M10 19h4" />
        </svg>
        <span>{t('search.filtersHeading')}</span>
        {selected > 0 && (
          <span
            className="rounded-full bg-brand-600 px-2 py-0.5 text-xs font-medium text-white"
            data-testid="search-filters-selected"
          >
            {t('searchFilters.selected', { count: selected })}
          </span>
        )}
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="ms-auto h-4 w-4 shrink-0 transition-transform group-open/filters:rotate-180"
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
        >
          <path d="m6 9 6 6 6-6" />
        </svg>
      </summary>
      <div className="mt-4 lg:mt-0">{children}</div>
    </details>
  );
}
