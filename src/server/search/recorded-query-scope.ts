import { AsyncLocalStorage } from 'node:async_hooks';

// A render that the response cache may keep notes the search texts it recorded (popular queries), so
// every later hit can record them again for its own client: the index reports each recorded text to
// the scope of the render it happens in, if any.

const scope = new AsyncLocalStorage<string[]>();

/** Runs `render`, collecting into `into` the texts every SearchIndex.recordQuery call in it recorded. */
export function collectRecordedQueries<T>(into: string[], render: () => T): T {
  return scope.run(into, render);
}

/** Called by the index for each recorded text: kept by the enclosing render, if one collects. */
export function noteRecordedQuery(text: string): void {
  scope.getStore()?.push(text);
}
