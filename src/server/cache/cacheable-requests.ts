import type { IncomingMessage } from 'node:http';
import { LOCALE_COOKIE } from '../../i18n/locales.ts';

/** Which listener a request came through: the site (API under /api) or the stand-alone API. */
export type ListenerKind = 'site' | 'api';

// Which reads are kept is not decided here: an answer is kept when its route or page declared cache
// keys (cache-keys.ts) on a public 200. Here only what holds for every request: who is anonymous, which
// requests write, and what a cached answer depends on besides the data.

/** GETs that write (OAuth callbacks): answered only after the instance applied what they changed. */
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

/** Whether this request may change data (its answer then waits until this instance applied the change). */
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
