import { collectRecordedQueries } from '../search/recorded-query-scope.ts';
import type { SearchIndex } from '../search/port.ts';

/**
 * Renders of searches record the query (popular queries, page 1 with results). A cached answer skips
 * the render, so the query texts a render recorded are kept with its entry (the index reports them to
 * the render's scope, search/recorded-query-scope.ts) and recorded again on every hit, for the client
 * of that hit: each request still counts, and as its own visitor.
 */
export class RecordedQueries {
  readonly #search: Pick<SearchIndex, 'recordQuery'>;

  constructor(search: Pick<SearchIndex, 'recordQuery'>) {
    this.#search = search;
  }

  /** Runs a render, collecting the query texts it records into `into`. */
  collect<T>(into: string[], render: () => T): T {
    return collectRecordedQueries(into, render);
  }

  /** Records a cached answer's queries again, as its render would have, for this hit's client. */
  replay(queries: readonly string[], client: string): void {
    for (const text of queries) this.#search.recordQuery(text, client);
  }
}
