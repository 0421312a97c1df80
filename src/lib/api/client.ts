// The one API client of the site's islands: same-origin `/api`, the signed-in user's bearer token,
// repeated-key arrays, JSON in and out, and only the body handed back to callers.
import { ApiRequestError, errorFromBody, genericErrorMessage } from './errors.ts';
import { toQueryString, type QueryParams } from './query-string.ts';
import { resolveBearerToken } from './token.ts';

export { ApiRequestError } from './errors.ts';
export type { QueryParams, QueryValue } from './query-string.ts';

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequestOptions {
  query?: QueryParams;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

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

/** Told of a 401 for a request that carried a token, with the server's code (`session_revoked`, …). */
type UnauthorizedListener = (code: string | undefined) => void;
let onUnauthorized: UnauthorizedListener | null = null;

/** The auth store listens for 401s to re-check the session (a disabled or expired user is signed out). */
export function setUnauthorizedListener(listener: UnauthorizedListener | null): void {
  onUnauthorized = listener;
}

async function parseBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Calls the API and returns the parsed body (undefined for 204); throws ApiRequestError on failure. */
export async function apiRequest<T>(method: ApiMethod, path: string, options: ApiRequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = await resolveBearerToken();
  if (token) headers['Authorization'] = `Bearer ${token}`;
  const init: RequestInit = { method, headers };
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }
  if (options.signal) init.signal = options.signal;

  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}${toQueryString(options.query)}`;
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    if ((error as Error)?.name === 'AbortError') throw error;
    throw new ApiRequestError(0, genericErrorMessage(0), 'network_error');
  }
  const body = await parseBody(response);
  if (!response.ok) {
    const error = errorFromBody(response.status, body);
    if (response.status === 401 && token) onUnauthorized?.(error.code);
    throw error;
  }
  return body as T;
}
