// The one API client of the site's islands: openapi-fetch over the types generated from docs/openapi.json
// (`npm run api-types`), so a path, its parameters, its body and its answer are checked against the
// document. Same-origin `/api`, the signed-in user's bearer token, repeated-key arrays, JSON in and out;
// a failure always throws ApiRequestError (errors.ts), so callers get the answer's body or an exception.
import createClient, { type Client, type MaybeOptionalInit, type MethodResponse } from 'openapi-fetch';
import { errorFromBody, genericErrorMessage } from './errors.ts';
import type { paths } from './schema.d.ts';
import { resolveBearerToken } from './token.ts';
import { notifyUnauthorized } from './unauthorized.ts';

export { ApiRequestError } from './errors.ts';
export { setUnauthorizedListener } from './unauthorized.ts';

/** Base of every request: the site serves the API under /api on the same origin. */
export const API_BASE = '/api';

/**
 * Forces a revalidating request through browser, proxy and CDN caches (send it right after a
 * write whose result other pages read, so nobody gets the pre-write copy).
 */
export const NO_CACHE_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'Cache-Control': 'no-cache, no-store, must-revalidate',
  Pragma: 'no-cache',
  Expires: '0',
});

async function parseErrorBody(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export type ApiClient = Client<paths>;

/** A client for the API at `baseUrl` (islands use `api` below; tests point one at a real server). */
export function createApiClient(baseUrl: string): ApiClient {
  const client = createClient<paths>({
    baseUrl,
    headers: { Accept: 'application/json' },
    // Looked up per request, not once: the page (or a test) may install its fetch after this module loads.
    fetch: (request) => globalThis.fetch(request),
  });
  client.use({
    async onRequest({ request }) {
      const token = await resolveBearerToken();
      if (token) request.headers.set('Authorization', `Bearer ${token}`);
      return request;
    },
    onError({ error }) {
      // An aborted request stays an AbortError (TanStack Query recognises it); anything else is the network.
      if ((error as Error | undefined)?.name === 'AbortError') return;
      return errorFromBody(0, { error: 'network_error', message: genericErrorMessage(0) });
    },
    async onResponse({ request, response }) {
      if (response.ok) return;
      const error = errorFromBody(response.status, await parseErrorBody(response));
      if (response.status === 401 && request.headers.has('Authorization')) notifyUnauthorized(error.code);
      throw error;
    },
  });
  return client;
}

export const api: ApiClient = createApiClient(API_BASE);

export type ApiMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The document's paths that answer `method` (a misspelt path fails typecheck). */
export type ApiPath<Method extends ApiMethod> = {
  [Path in keyof paths]: paths[Path] extends Record<Method, infer Operation>
    ? [Operation] extends [never | undefined]
      ? never
      : Path
    : never;
}[keyof paths];

/** What a call sends: path and query parameters, JSON body, and any `RequestInit` field (signal, headers). */
export type ApiInit<Path extends ApiPath<Method>, Method extends ApiMethod> = MaybeOptionalInit<paths[Path], Method>;

/** The parameters (`path`, `query`) of an operation, as the document declares them. */
export type ApiParams<Path extends ApiPath<Method>, Method extends ApiMethod> = paths[Path][Method] extends {
  parameters: infer Parameters;
}
  ? Parameters
  : never;

/** The JSON a successful call answers with (undefined for 204). */
export type ApiData<Path extends ApiPath<Method>, Method extends ApiMethod> = MethodResponse<ApiClient, Method, Path>;

/** The init argument, optional when the operation needs neither parameters nor a body. */
export type ApiInitArgs<Path extends ApiPath<Method>, Method extends ApiMethod> =
  undefined extends ApiInit<Path, Method> ? [init?: ApiInit<Path, Method>] : [init: ApiInit<Path, Method>];

type LooseRequest = (method: string, path: string, init?: object) => Promise<{ data?: unknown }>;

/** Calls the API and returns the answer's body; throws ApiRequestError when it is not a success. */
export async function apiCall<Method extends ApiMethod, Path extends ApiPath<Method>>(
  method: Method,
  path: Path,
  ...[init]: ApiInitArgs<Path, Method>
): Promise<ApiData<Path, Method>> {
  // The signature above checks path, init and answer against the document; openapi-fetch's own generics
  // cannot follow a method chosen at run time, so the call itself goes through its untyped form.
  const { data } = await (api.request as unknown as LooseRequest)(method, path, init);
  return data as ApiData<Path, Method>;
}
