import { AsyncLocalStorage } from 'node:async_hooks';
import type { SearchIndex } from '../search/port.ts';

/**
 * Renders of searches record the query (popular queries, page 1 with results). A cached answer skips
 * the render, so the query texts a render recorded are kept with its entry and recorded again on
 * every hit, for the client of that hit: each request still counts, and as its own visitor.
 */
export class RecordedQueries {
  readonly #current = new AsyncLocalStorage<string[]>();
  readonly #record: (text: string, client: string) => void;

  constructor(search: Pick<SearchIndex, 'recordQuery'>) {
    this.#record = search.recordQuery.bind(search);
    // Wrapped in place: the routes and page loaders call services.search.recordQuery as before.
    search.recordQuery = (text: string, client: string) => {
      this.#current.getStore()?.push(text);
      this.#record(text, client);
    };
  }

  /** Runs a render, collecting the query texts it records into `into`. */
  collect<T>(into: string[], render: () => T): T {
    return this.#current.run(into, render);
  }

  /** Records a cached answer's queries again, as its render would have, for this hit's client. */
  replay(queries: readonly string[], client: string): void {
    for (const text of queries) this.#record(text, client);
  }
}
