import type { Locale } from '../../i18n/locales.ts';
import { localizedPath } from '../locale-path.ts';
import { EMPTY_STATE, serializeSearchState, type SearchState } from './url-state.ts';

/** The home page showing a given search state: `/{lang}/?q=…`. */
export function searchHref(lang: Locale, state: Partial<SearchState>): string {
  return `${localizedPath(lang, '/')}${serializeSearchState({ ...EMPTY_STATE, ...state })}`;
}
