import { AsyncLocalStorage } from 'node:async_hooks';
import type { SearchIndex } from '../search/port.ts';

/**
 * Renders of searches record the query (popular queries, page 1 with results). A cached answer skips
 * the render, so the queries a render recorded are kept with its entry and recorded again on every
 * hit: each request still counts exactly once.
 */
export class RecordedQueries {
  readonly #current = new AsyncLocalStorage<string[]>();
  readonly #record: (text: string) => void;

  constructor(search: Pick<SearchIndex, 'recordQuery'>) {
    this.#record = search.recordQuery.bind(search);
    // Wrapped in place: the routes and page loaders call services.search.recordQuery as before.
    search.recordQuery = (text: string) => {
      this.#current.getStore()?.push(text);
      this.#record(text);
    };
  }

  /** Runs a render, collecting the queries it records into `into`. */
  collect<T>(into: string[], render: () => T): T {
    return this.#current.run(into, render);
  }

  /** Records a cached answer's queries again, as its render would have. */
  replay(queries: readonly string[]): void {
    for (const text of queries) this.#record(text);
  }
}
