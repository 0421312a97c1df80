import { useCallback, useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import type { Locale } from '../../i18n/locales.ts';
import type { MessageTree } from '../../i18n/translator.ts';
import { useIslandT } from '../../i18n/use-island-t.ts';
import { localizedPath } from '../../lib/locale-path.ts';
import { didYouMeanPrefixes } from '../../lib/search/did-you-mean.ts';
import {
  addRecentSearch,
  browserStorage,
  clearRecentSearches,
  readRecentSearches,
} from '../../lib/search/recent-searches.ts';
import type { SearchFacets, SearchResponse, SearchSuggestion } from '../../lib/search/types.ts';
import {
  isHomeView,
  parseSearchState,
  serializeSearchState,
  withQuery,
  withSort,
  type SearchState,
} from '../../lib/search/url-state.ts';
import { createSearchClient, type SearchClient } from './search-client.ts';
import { SearchBox } from './SearchBox.tsx';
import type { HomeData } from './views/HomeSections.tsx';
import { ResultsView } from './views/ResultsView.tsx';

/** Typing waits this long for a pause before searching (one request per burst of keys). */
export const SEARCH_DELAY_MS = 150;
const FORM_ID = 'search-form';

interface Props {
  lang: Locale;
  messages: MessageTree;
  initialState: SearchState;
  /** The server's answer for `initialState` (absent on the home view). */
  initialData?: SearchResponse | undefined;
  homeFacets?: SearchFacets | undefined;
  home: HomeData;
  didYouMean: SearchSuggestion[];
  /** Where the API is mounted on this site. */
  apiBase: string;
}

type HistoryMode = 'push' | 'replace' | 'none';

/**
 * The home page's search: the box, filters, sort, results and pages. Server-rendered with the
 * first results; once hydrated it searches as you type and keeps all state in the URL.
 */
export function SearchApp(props: Props) {
  const { lang } = props;
  const t = useIslandT(lang, props.messages);
  const [state, setState] = useState(props.initialState);
  const [text, setText] = useState(props.initialState.q);
  const [data, setData] = useState(props.initialData);
  const [didYouMean, setDidYouMean] = useState(props.didYouMean);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  const [recent, setRecent] = useState<string[]>([]);
  const [client, setClient] = useState<SearchClient | undefined>(undefined);
  const stateRef = useRef(state);
  const typingEntry = useRef(false);
  const typingTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const homePath = useMemo(() => localizedPath(lang, '/'), [lang]);

  const load = useCallback(async (next: SearchState, searchClient: SearchClient) => {
    if (isHomeView(next)) {
      setLoading(false);
      setError(false);
      return;
    }
    const cached = searchClient.cached(next);
    if (cached) {
      setData(cached);
      setLoading(false);
      setError(false);
    } else setLoading(true);
    try {
      const result = cached ?? (await searchClient.search(next));
      if (!result || stateRef.current !== next) return;
      setData(result);
      setError(false);
      setLoading(false);
      if (result.total === 0 && next.q.trim()) {
        setDidYouMean([]);
        const found = await searchClient.didYouMean(didYouMeanPrefixes(next.q));
        if (stateRef.current === next)
          setDidYouMean(found.filter((s) => s.text.toLowerCase() !== next.q.trim().toLowerCase()));
      }
    } catch {
      if (stateRef.current !== next) return;
      setError(true);
      setLoading(false);
    }
  }, []);

  const navigate = useCallback(
    (next: SearchState, mode: HistoryMode) => {
      clearTimeout(typingTimer.current);
      typingTimer.current = undefined;
      stateRef.current = next;
      setState(next);
      const url = `${homePath}${serializeSearchState(next)}`;
      if (mode === 'push') history.pushState(null, '', url);
      else if (mode === 'replace') history.replaceState(null, '', url);
      if (client) void load(next, client);
    },
    [client, homePath, load],
  );

  useEffect(() => {
    const searchClient = createSearchClient(props.apiBase);
    if (props.initialData) searchClient.prime(props.initialState, props.initialData);
    setClient(searchClient);
    setHydrated(true);
    setRecent(readRecentSearches(browserStorage()));
    // Once, with the server's props.
  }, []);

  useEffect(() => {
    if (!client) return;
    const onPopState = () => {
      const next = parseSearchState(location.search);
      typingEntry.current = false;
      setText(next.q);
      navigate(next, 'none');
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [client, navigate]);

  const remember = (query: string) => setRecent(addRecentSearch(browserStorage(), query));

  /** Search as you type: the first pause adds a history entry, later ones update it in place. */
  const onValueChange = (value: string) => {
    setText(value);
    clearTimeout(typingTimer.current);
    typingTimer.current = setTimeout(() => {
      typingTimer.current = undefined;
      navigate(withQuery(stateRef.current, value), typingEntry.current ? 'replace' : 'push');
      typingEntry.current = true;
    }, SEARCH_DELAY_MS);
  };

  const commit = (query: string) => {
    const next = withQuery(stateRef.current, query);
    const unchanged = serializeSearchState(next) === serializeSearchState(stateRef.current);
    if (unchanged) clearTimeout(typingTimer.current);
    else navigate(next, typingEntry.current ? 'replace' : 'push');
    typingEntry.current = false;
    if (query.trim()) remember(query);
  };

  /** Links to another state of this page (facets, pages, tags, did-you-mean) update in place. */
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    const link = (event.target as Element).closest('a');
    if (!link || link.origin !== location.origin) return;
    if (link.pathname !== homePath) {
      // Opening a result: the query that found it is worth remembering.
      if (stateRef.current.q.trim() && link.pathname.startsWith(`${homePath}nodes/`)) remember(stateRef.current.q);
      return;
    }
    event.preventDefault();
    const next = parseSearchState(link.search);
    const pageChanged = next.page !== stateRef.current.page;
    typingEntry.current = false;
    setText(next.q);
    navigate(next, 'push');
    if (pageChanged) {
      const heading = document.getElementById('search-results-heading');
      heading?.focus({ preventScroll: true });
      heading?.parentElement?.scrollIntoView({ block: 'start' });
    }
  };

  return (
    // data-hydrated: lets tests (and people debugging) tell the live island from its server HTML.
    <div data-testid="search-app" data-hydrated={hydrated}>
      <SearchBox
        t={t}
        formId={FORM_ID}
        action={homePath}
        state={state}
        value={text}
        recent={recent}
        client={client}
        onValueChange={onValueChange}
        onSubmit={commit}
        onChoose={(option) => {
          if (option.kind === 'clear') {
            clearRecentSearches(browserStorage());
            setRecent([]);
          } else if (option.kind === 'node' && option.nodeId) {
            if (text.trim()) remember(text);
            location.assign(localizedPath(lang, `/nodes/${encodeURIComponent(option.nodeId)}`));
          } else {
            setText(option.text);
            commit(option.text);
          }
        }}
      />
      <div onClick={onClick}>
        <ResultsView
          lang={lang}
          t={t}
          state={state}
          data={data}
          homeFacets={props.homeFacets}
          home={props.home}
          didYouMean={didYouMean}
          loading={loading}
          error={error}
          hydrated={hydrated}
          formId={FORM_ID}
          onSort={(sort) => {
            typingEntry.current = false;
            navigate(withSort(stateRef.current, sort), 'push');
          }}
          onRetry={() => void (client && load(stateRef.current, client))}
        />
      </div>
    </div>
  );
}
