import type { TFunction } from '../../../i18n/translator.ts';
import { SORTS, type Sort } from '../../../lib/search/url-state.ts';
import { button } from '../../ui/styles.ts';

/**
 * The sort select belongs to the search form (form attribute), so without JavaScript "Apply"
 * submits it with the rest of the state; with JavaScript a change applies at once.
 */
export function SortControl({
  t,
  sort,
  formId,
  hydrated,
  onSort,
}: {
  t: TFunction;
  sort: Sort;
  formId: string;
  hydrated: boolean;
  onSort?: ((sort: Sort) => void) | undefined;
}) {
  return (
    <div className="flex items-center gap-2 text-sm">
      <label htmlFor="search-sort" className="text-slate-600 dark:text-slate-400">
        {t('search.sortLabel')}
      </label>
      <select
        id="search-sort"
        name="sort"
        form={formId}
        value={sort}
        onChange={(event) => onSort?.(event.target.value as Sort)}
        className="h-9 rounded-lg border border-slate-300 bg-white px-2 dark:border-slate-600 dark:bg-slate-900"
        data-testid="search-sort"
      >
        {SORTS.map((option) => (
          <option key={option} value={option}>
            {t(`search.sort.${option}`)}
          </option>
        ))}
      </select>
      {!hydrated && (
        <button type="submit" form={formId} className={`${button.secondary} h-9`}>
          {t('search.apply')}
        </button>
      )}
    </div>
  );
}
