import type { IncomingMessage } from 'node:http';
import { LOCALE_COOKIE } from '../../i18n/locales.ts';

/** Which listener a request came through: the site (API under /api) or the stand-alone API. */
export type ListenerKind = 'site' | 'api';

// Only anonymous reads whose answer is the same for every visitor and has no side effect but
// the recorded search query (replayed on hits). Installs, downloads and archives are never here.
const API_READS = [
  /^\/nodes\/?$/,
  /^\/nodes\/search\/?$/,
  /^\/nodes\/(?!search\/?$|suggest\/?$)[^/]+\/?$/,
  /^\/nodes\/[^/]+\/versions\/?$/,
  /^\/publishers\/?$/,
  /^\/publishers\/(?!validate\/?$)[^/]+\/?$/,
  /^\/publishers\/[^/]+\/nodes(\/v2)?\/?$/,
];
const PAGE_READS = [
  /^\/[a-z]{2}\/?$/,
  /^\/[a-z]{2}\/nodes\/(?!claim\/?$)[^/]+\/?$/,
  /^\/[a-z]{2}\/publishers\/[^/]+\/?$/,
];
/** GETs that write (OAuth callbacks): they invalidate like any other write. */
const WRITING_GETS = [/^(\/api)?\/[a-z]{2}\/nodes\/claim\/callback\/?$/, /^(\/api)?\/github\//];

const pathOf = (url: string) => {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
};

/** True for any cookie but the language choice (a session or marker of any kind means "personal"). */
function hasPersonalCookie(cookie: string | undefined): boolean {
  if (!cookie) return false;
  return cookie.split(';').some((pair) => {
    const name = pair.split('=', 1)[0]!.trim();
    return name !== '' && name !== LOCALE_COOKIE;
  });
}

/** Signed-in requests (token, API key, any cookie but the language) never touch the cache. */
export function isAnonymous(req: IncomingMessage): boolean {
  const headers = req.headers;
  return !headers.authorization && !headers['x-api-key'] && !hasPersonalCookie(headers.cookie);
}

/** Whether the answer to this GET may come from (and go into) the cache. */
export function isCacheableRead(kind: ListenerKind, req: IncomingMessage): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const path = pathOf(req.url ?? '/');
  if (kind === 'api') return API_READS.some((pattern) => pattern.test(path)) && isAnonymous(req);
  if (path.startsWith('/api/')) return API_READS.some((pattern) => pattern.test(path.slice(4))) && isAnonymous(req);
  return PAGE_READS.some((pattern) => pattern.test(path)) && isAnonymous(req);
}

/** Whether this request may change data (then every cached response is dropped once it is answered). */
export function isWrite(req: IncomingMessage): boolean {
  const method = req.method ?? 'GET';
  if (method === 'OPTIONS' || method === 'HEAD') return false;
  if (method !== 'GET') return true;
  const path = pathOf(req.url ?? '/');
  return WRITING_GETS.some((pattern) => pattern.test(path));
}

/**
 * What a cached answer depends on besides the data: the listener, the URL (path and query), the host
 * and scheme pages build absolute links from, and the Origin the CORS headers echo.
 */
export function cacheKey(kind: ListenerKind, req: IncomingMessage): string {
  const h = req.headers;
  return `${kind}\n${h.host ?? ''}\n${h['x-forwarded-host'] ?? ''}\n${h['x-forwarded-proto'] ?? ''}\n${h.origin ?? ''}\n${req.url ?? '/'}`;
}
