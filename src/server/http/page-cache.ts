import { createHash } from 'node:crypto';
import { etagMatches } from './cache-headers.ts';

// HTTP caching for server-rendered pages. Public pages render the same HTML for every visitor
// (signed-in parts are islands that fetch on the client), so a GET that answers 200 HTML gets an
// ETag and a short shared-cache lifetime; a matching If-None-Match gets an empty 304. A page that
// already chose its own Cache-Control (e.g. `private, no-store` on a personal page) keeps it.

const PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300';

/** Caching headers for a page whose body is `body`; returns the 304 to send instead, if any. */
export function applyPageCaching(
  request: Request,
  status: number,
  headers: Headers,
  body: Uint8Array,
): Response | null {
  const method = request.method;
  if ((method !== 'GET' && method !== 'HEAD') || status !== 200 || headers.has('cache-control')) return null;
  const etag = `W/"${createHash('sha1').update(body).digest('base64url')}"`;
  headers.set('ETag', etag);
  headers.set('Cache-Control', PAGE_CACHE_CONTROL);
  if (!etagMatches(request.headers.get('if-none-match') ?? undefined, etag)) return null;
  headers.delete('content-length');
  return new Response(null, { status: 304, headers });
}
