import type { Locale } from '../../../i18n/locales.ts';
import type { TFunction } from '../../../i18n/translator.ts';
import { formatNumber } from '../../../lib/format/format.ts';
import { facetLabel } from '../../../lib/search/format.ts';
import { searchHref } from '../../../lib/search/links.ts';
import type { SearchFacets } from '../../../lib/search/types.ts';
import {
  hasFacet,
  hasFilters,
  toggleFacet,
  withoutFilters,
  type FacetKey,
  type SearchState,
} from '../../../lib/search/url-state.ts';

type CountedFacet = 'os' | 'accelerators' | 'tags';

const GROUPS: { key: FacetKey; facet: CountedFacet; limit: number }[] = [
  { key: 'os', facet: 'os', limit: 10 },
  { key: 'accelerator', facet: 'accelerators', limit: 10 },
  { key: 'tags', facet: 'tags', limit: 20 },
];

/** Values to list: the most frequent ones, plus any ticked value (even when it has no matches now). */
function valuesOf(counts: Record<string, number>, selected: string[], limit: number): [string, number][] {
  const entries = Object.entries(counts).slice(0, limit);
  for (const value of selected) {
    if (!entries.some(([v]) => v.toLowerCase() === value.toLowerCase())) entries.push([value, counts[value] ?? 0]);
  }
  return entries;
}

/**
 * Facet filters as links (each one is the URL of the toggled state), so they work without
 * JavaScript; the island intercepts the clicks. Exposed as checkboxes for assistive technology.
 */
export function FacetPanel({
  lang,
  t,
  state,
  facets,
}: {
  lang: Locale;
  t: TFunction;
  state: SearchState;
  facets: SearchFacets | undefined;
}) {
  const groups = GROUPS.map(({ key, facet, limit }) => ({
    key,
    values: valuesOf(facets?.[facet] ?? {}, state[key], limit),
    undeclared: facets?.undeclared?.[facet] ?? 0,
  })).filter((group) => group.values.length > 0);
  return (
    <aside
      aria-labelledby="search-filters-heading"
      // Before the results at every width (ResultsView folds it behind a button on a phone).
      className="text-sm"
      data-testid="search-facets"
    >
      <h2 id="search-filters-heading" className="text-base font-semibold max-lg:sr-only">
        {t('search.filtersHeading')}
      </h2>
      {hasFilters(state) && (
        <a
          href={searchHref(lang, withoutFilters(state))}
          className="mt-1 inline-block text-brand-700 underline dark:text-brand-100"
        >
          {t('search.clearFilters')}
        </a>
      )}
      {groups.length === 0 && !hasFilters(state) && (
        <p className="mt-2 text-slate-600 dark:text-slate-400" data-testid="search-no-facets">
          {t('search.noFacets')}
        </p>
      )}
      {groups.map(({ key, values, undeclared }) => {
        const headingId = `search-facet-${key}`;
        const noteId = `search-facet-${key}-undeclared`;
        return (
          <div key={key} className="mt-5">
            <h3
              id={headingId}
              className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400"
            >
              {t(`search.facet.${key}`)}
            </h3>
            <div role="group" aria-labelledby={headingId} aria-describedby={undeclared > 0 ? noteId : undefined}>
              <ul className="mt-2 space-y-0.5" data-facet={key}>
                {values.map(([value, count]) => {
                  const checked = hasFacet(state, key, value);
                  return (
                    <li key={value}>
                      <a
                        role="checkbox"
                        aria-checked={checked}
                        href={searchHref(lang, toggleFacet(state, key, value))}
                        // A checkbox toggles on Space (a link would scroll the page instead); the click
                        // reaches the island, which applies the filter in place.
                        onKeyDown={(event) => {
                          if (event.key !== ' ' || event.repeat) return;
                          event.preventDefault();
                          event.currentTarget.click();
                        }}
                        data-facet-value={value}
                        title={value}
                        className="group flex items-center gap-2 rounded-md px-1.5 py-1 hover:bg-slate-100 dark:hover:bg-slate-800"
                      >
                        <span
                          aria-hidden="true"
                          className={`inline-flex h-4 w-4 shrink-0 items-center justify-center rounded border ${
                            checked
                              ? 'border-brand-600 bg-brand-600 text-white'
                              : 'border-slate-400 bg-white dark:border-slate-500 dark:bg-slate-900'
                          }`}
                        >
                          {checked && (
                            <svg
                              viewBox="0 0 16 16"
                              className="h-3 w-3"
                              fill="none"
                              stroke="currentColor"
                              strokeWidth={2.5}
                            >
                              <path d="m3.5 8.5 3 3 6-7" />
                            </svg>
                          )}
                        </span>
                        <span className="min-w-0 flex-1 truncate">{facetLabel(value)}</span>
                        <span className="text-xs text-slate-600 tabular-nums dark:text-slate-400">
                          {formatNumber(count, lang)}
                        </span>
                      </a>
                    </li>
                  );
                })}
              </ul>
              {undeclared > 0 && (
                // Most packs declare no platform: without this, "Linux 5" beside thousands of results
                // reads as "five of them run on Linux".
                <p id={noteId} className="mt-2 text-xs text-slate-600 dark:text-slate-400" data-undeclared={key}>
                  {t(`searchNotices.undeclared.${key}`, { count: undeclared })}
                </p>
              )}
            </div>
          </div>
        );
      })}
    </aside>
  );
}
